// `harness doctor <log>`: an nginx error.log, or an admin server's Spring Boot log, explained (doctor/).
import type { Argv } from 'yargs';
import { guard } from './guard.js';
import type { Args } from './command.js';
import { UsageError } from '../errors.js';
import { examineLogs } from '../doctor/index.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';

const t = messages({
  en: {
    'cli.doctor.log': "The log to read: nginx's error.log, or your admin server's log (Spring Boot, e.g. .harness/logs/admin.log); - for standard input",
    'cli.doctor.noLog': "name the log to explain: nginx's error log, e.g. harness doctor D:\\nginx-1.20.2\\logs\\error.log, or your admin server's, e.g. harness doctor .harness/logs/admin.log (or - to read it from standard input).",
    'cli.doctor.access': "nginx's access.log that goes with the error.log, for more evidence (requests that left no error line)",
    'cli.doctor.json': 'Print {"incidents":[...],"unrecognised":[...]} (--follow: one incident per line)',
    'cli.doctor.follow': 'Keep watching the log and explain new incidents as they happen',
    'cli.doctor.conf': "nginx's nginx.conf, so that fixes name the line to change; again for each included file not where the conf says",
  },
  'zh-CN': {
    'cli.doctor.log': '要读的日志：nginx 的 error.log，或你自己后端服务的日志（Spring Boot，例如 .harness/logs/admin.log）；- 表示标准输入',
    'cli.doctor.noLog': '请给出要解释的日志：nginx 的错误日志，例如 harness doctor D:\\nginx-1.20.2\\logs\\error.log，或你自己后端服务的日志，例如 harness doctor .harness/logs/admin.log（或者用 - 从标准输入读取）。',
    'cli.doctor.access': '和 error.log 对应的 nginx access.log，提供更多证据（没有留下错误行的请求）',
    'cli.doctor.json': '输出 {"incidents":[...],"unrecognised":[...]}（配合 --follow：每行一个事件）',
    'cli.doctor.follow': '持续监视日志，有新事件就立刻解释',
    'cli.doctor.conf': 'nginx 的 nginx.conf，这样“怎么办”能指出要改哪一行；include 的文件不在配置写的位置时，每个文件再给一次',
  },
});

export const builder = (y: Argv) =>
  y
    .usage(`$0 doctor <log>\n\n${commandText('cli.doctor.describe')}`)
    .positional('log', { type: 'string', describe: t('cli.doctor.log') })
    .option('access', { type: 'string', requiresArg: true, describe: t('cli.doctor.access') })
    .option('json', { type: 'boolean', default: false, describe: t('cli.doctor.json') })
    .option('follow', { type: 'boolean', default: false, describe: t('cli.doctor.follow') })
    .option('conf', { type: 'string', array: true, nargs: 1, requiresArg: true, describe: t('cli.doctor.conf') });

export const handler = (a: Args<typeof builder>) =>
  guard(async () => {
    if (a.log === undefined) throw new UsageError(t('cli.doctor.noLog'));
    // Only --follow runs until stopped: it reports what is pending on Ctrl-C. Anything else
    // keeps the default handlers, so that Ctrl-C and `timeout` stop it at once.
    const ac = new AbortController();
    if (a.follow) {
      process.once('SIGINT', () => ac.abort());
      process.once('SIGTERM', () => ac.abort());
    }
    // yargs reads a lone "-" (standard input) as an empty value.
    const errorLog = a.log === '' ? '-' : a.log;
    return examineLogs({ errorLog, access: a.access, json: a.json, follow: a.follow, conf: a.conf }, process.stdout, process.stderr, ac.signal);
  });
