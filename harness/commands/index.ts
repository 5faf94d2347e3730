// The CLI's commands, in the order `harness --help` lists them: each one's name (with its
// positionals), its line of help, and its file in this folder, which loads only when the command
// is named: what one command needs is none of the others' start (chaos run's scenarios and
// Playwright ~390 ms, setup's execa ~38 ms, inject's faults ~29 ms, up's stack ~25 ms: measured on the bundle).
import { lazyFile, type CommandEntry } from './command.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';

const t = messages({
  en: {
    'cli.up.describe': 'Bring up the admin stand-in, a proxy that behaves like nginx, and the front end; Ctrl-C stops all of it',
    'cli.proxy.describe': 'Run the embedded engine alone in the foreground, with nginx\'s command line (harness proxy -h lists it): -p -c -e -g -t -T -q -s -v -V',
    'cli.chaos.describe': 'Scenarios on a fresh stack, and faults on the stack `harness up` runs',
    'cli.checkServer.describe': 'Send the course\'s recorded requests to your own admin server and say, endpoint by endpoint, where it answers otherwise than the course\'s (it writes rows: needs --yes)',
    'cli.app.describe': 'Act as a customer on the stack `harness up` runs: new orders, reminders, back to the seed',
    'cli.ps': 'The stack running from --prefix: its URL, ports, pid, faults and uptime',
    'cli.logs': "The logs of the stack of --prefix: error, access (the proxy's), harness (a detached stack's own output); all by default",
    'cli.down': 'Stop the stack running from --prefix (one started with up --detach, or in another terminal)',
    'cli.setup': "Install what npm cannot: chromium, nginx, strace and a CJK font (apt-get or dnf, as root or through sudo; else Playwright's own Chromium)",
  },
  'zh-CN': {
    'cli.up.describe': '启动管理端替身服务、一个行为和 nginx 一样的反向代理，以及前端；按 Ctrl-C 全部停止',
    'cli.proxy.describe': '在前台单独运行内置引擎，命令行参数和 nginx 的一样（harness proxy -h 会列出来）：-p -c -e -g -t -T -q -s -v -V',
    'cli.chaos.describe': '在一套新环境上跑故障场景，或对 `harness up` 正在运行的环境施加故障',
    'cli.checkServer.describe': '把课程录制的请求发给你自己的后端服务，逐个接口说明它的响应哪里与课程的服务不同（会写入数据：需要 --yes）',
    'cli.app.describe': '在 `harness up` 运行的环境上扮演顾客：下新订单、催单、恢复到初始数据',
    'cli.ps': '从 --prefix 运行的环境：地址、端口、pid、故障和运行时长',
    'cli.logs': '这套环境（--prefix）的日志：error、access（反向代理的），harness（后台运行的环境自己的输出）；默认全部显示',
    'cli.down': '停止从 --prefix 运行的环境（用 up --detach 启动的，或在另一个终端里启动的）',
    'cli.setup': '安装 npm 装不了的东西：chromium、nginx、strace 和一个中文字体（用 apt-get 或 dnf，以 root 身份或通过 sudo；都不行时用 Playwright 自带的 Chromium）',
  },
});

export const commands = (): CommandEntry[] => [
  ['up', t('cli.up.describe'), lazyFile(() => import('./up.js'))],
  ['proxy', t('cli.proxy.describe'), lazyFile(() => import('./proxy.js'))],
  ['chaos', t('cli.chaos.describe'), lazyFile(() => import('./chaos.js'))],
  ['app', t('cli.app.describe'), lazyFile(() => import('./app.js'))],
  ['ps', t('cli.ps'), lazyFile(() => import('./ps.js'))],
  ['logs [names..]', t('cli.logs'), lazyFile(() => import('./logs.js'))],
  ['down', t('cli.down'), lazyFile(() => import('./down.js'))],
  // Optional to yargs, so that a missing log is told with an example rather than yargs' count of
  // non-option arguments; the usage line still says it is needed (doctor.ts).
  ['doctor [log]', commandText('cli.doctor.describe'), lazyFile(() => import('./doctor.js'))],
  ['check-server <server>', t('cli.checkServer.describe'), lazyFile(() => import('./check-server.js'))],
  ['setup', t('cli.setup'), lazyFile(() => import('./setup.js'))],
];
