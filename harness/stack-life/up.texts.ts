// The words up.ts says, in English and Simplified Chinese (scenarios/steps/said.ts checks a run's
// own against stack.up.means and stack.up.toDo).
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'stack.up.samePort': '--port and --admin-port are both {port}: the proxy and the admin server cannot listen on one port. Give them two (the defaults are 80 and 8080).',
    'stack.up.busyFix': '{why}: stop it (the harness never stops a process it did not start), or choose another port with --port.',
    'stack.up.means': 'What it means: {cause}',
    'stack.up.toDo': 'What to do: {fix}',
    'stack.up.fallback': '{why}; the stack uses port {port} instead (choose one with --port).',
    'stack.up.adminsPort': "port {port} is the admin server's (--admin-port)",
    'stack.up.portTaken': '{why}.\n  Choose another port with --port, or stop what holds it (the harness never stops a process it did not start).',
    'stack.up.externalMissing': 'nothing listens on {address}: with --admin external, start your own admin server there.',
    'stack.up.adminDown': '{why}: with --admin down the proxy will reach that process.',
    'stack.up.adminTaken': '{why}.\n  Is your own admin server (Spring Boot) running? Use --admin external to put the proxy in front of it, or --admin-port to run the stand-in elsewhere.',
    'stack.up.upstreamPortTaken': '{why}.\n  The harness listens there for nginx and passes requests on to {upstream}: stop what holds the port, or choose another with --admin-port.',
    'stack.up.upstreamSilent': 'nothing answers on {upstream} (--admin-upstream): start your admin server there; until then the harness resets the connections nginx makes to it.',
    'stack.up.nginxWithoutProxy': '--nginx names the nginx program that --proxy nginx runs: add --proxy nginx, or leave out --nginx.',
    'stack.up.nginxDirAndConf': "--nginx-dir {dir} runs that folder's own conf/nginx.conf, and --nginx-conf names another conf: give one of them (--nginx-dir for your whole nginx folder, --nginx-conf for a conf alone).",
    'stack.up.prefixInNginxDir': '--prefix {prefix} is inside your nginx folder {dir}, and the harness writes nothing there: run the command from another folder, or give --prefix a folder outside it.',
    'stack.up.prefixRunning': 'a stack from {prefix} is already running (pid {pid}, {url}).\n  Stop it (npx harness down{prefixFlag}, Ctrl-C in its terminal, or kill {pid}) or use another --prefix.',
    'stack.up.stillStarting': 'still starting',
    'stack.up.prefixUnsure':
      '{lock} says that a harness up (pid {pid}{url}) runs from {prefix}. A process with pid {pid} is alive, but this system cannot tell whether it is that harness up.\n' +
      '  If a harness up runs from this folder, stop it (Ctrl-C in its terminal); if none does, delete {lock}. Or use another --prefix.',
    'stack.up.stoppingStart': '{why}: stopping the start...',
    'stack.up.prefixOther':
      '{lock} says that pid {pid} holds {prefix}, and that process is not a harness up (it runs: {command}).\n' +
      '  If it is your own program, running a stack here through the package API, stop it; if not, delete {lock}. Or use another --prefix.',
    'stack.up.stoppedStarting': 'stopped during the start ({why}); nothing of the stack is left running.',
    'stack.up.portIgnored': '--port is ignored with --nginx-conf: the proxy listens where your conf says.',
    'stack.up.bindAnyIgnored': '--bind-any changes nothing without --nginx-conf: the conf the harness writes listens on loopback only.',
    'stack.up.proxyFailed': 'the proxy ({engine}) did not start:',
    'stack.up.proxyFailedCode': 'the proxy ({engine}) did not start (exit code {code}):',
    'stack.up.allStopped': 'Everything the harness had started has been stopped.',
    'stack.up.adminFix': 'What to do: choose another --admin-port, or stop what holds the port (the harness never stops a process it did not start).',
    'stack.up.adminFixConf': 'What to do: choose another --admin-port, or one your nginx.conf does not listen on, or stop what holds the port (the harness never stops a process it did not start).',
    'stack.up.proxyExited': 'the proxy exited ({how})',
    'stack.up.exitCode': 'code {code}',
    'stack.up.stopping': 'stopping ({why})...',
    'stack.up.faultNotUndone': 'a fault could not be undone: {message}',
    'stack.up.stopped': 'stopped; nothing of the stack is left running.',
  },
  'zh-CN': {
    'stack.up.samePort': '--port 和 --admin-port 都是 {port}：反向代理和后端服务不能监听同一个端口。请给两个不同的端口（默认是 80 和 8080）。',
    'stack.up.busyFix': '{why}：请停掉它（harness 从不停止不是它启动的进程），或用 --port 换一个端口。',
    'stack.up.means': '原因：{cause}',
    'stack.up.toDo': '怎么办：{fix}',
    'stack.up.fallback': '{why}；这套环境改用端口 {port}（可以用 --port 指定）。',
    'stack.up.adminsPort': '端口 {port} 是后端服务的（--admin-port）',
    'stack.up.portTaken': '{why}。\n  请用 --port 换一个端口，或者停掉占用它的进程（harness 从不停止不是它启动的进程）。',
    'stack.up.externalMissing': '{address} 上没有服务在监听：用了 --admin external，请在那里启动你自己的后端服务。',
    'stack.up.adminDown': '{why}：用了 --admin down，反向代理会连到那个进程。',
    'stack.up.adminTaken': '{why}。\n  是不是你自己的后端服务（Spring Boot）正在运行？用 --admin external 让反向代理转发给它，或用 --admin-port 让管理端替身服务换个端口。',
    'stack.up.upstreamPortTaken': '{why}。\n  harness 要在这个端口上替 nginx 接收请求，再转给 {upstream}：请停掉占用这个端口的进程，或者用 --admin-port 换一个端口。',
    'stack.up.upstreamSilent': '{upstream} 上没有服务响应（--admin-upstream）：请在那里启动你的后端服务。在它启动之前，nginx 连到它的连接都会被 harness 重置。',
    'stack.up.nginxWithoutProxy': '--nginx 指定的是 --proxy nginx 运行的 nginx 程序：请加上 --proxy nginx，或者去掉 --nginx。',
    'stack.up.nginxDirAndConf': '--nginx-dir {dir} 会运行那个目录自己的 conf/nginx.conf，而 --nginx-conf 又指定了另一份配置：两个只能给一个（整个 nginx 目录用 --nginx-dir，单独一份配置用 --nginx-conf）。',
    'stack.up.prefixInNginxDir': '--prefix {prefix} 在你的 nginx 目录 {dir} 里面，而 harness 不会往那里写任何东西：请换一个目录运行这个命令，或者给 --prefix 一个在它外面的目录。',
    'stack.up.prefixRunning': '{prefix} 的环境已经在运行了（pid {pid}，{url}）。\n  请先停止它（npx harness down{prefixFlag}，在它的终端里按 Ctrl-C，或 kill {pid}），或者换一个 --prefix。',
    'stack.up.stillStarting': '还在启动中',
    'stack.up.prefixUnsure':
      '{lock} 记录着有一个 harness up（pid {pid}{url}）从 {prefix} 运行。pid 为 {pid} 的进程还活着，但这个系统无法判断它是不是那个 harness up。\n' +
      '  如果确实有 harness up 从这个目录运行，请停止它（在它的终端里按 Ctrl-C）；如果没有，请删除 {lock}。或者换一个 --prefix。',
    'stack.up.stoppingStart': '{why}：正在停止启动过程……',
    'stack.up.prefixOther':
      '{lock} 说 pid {pid} 占用了 {prefix}，但这个进程不是 harness up（它运行的是：{command}）。\n' +
      '  如果它是你自己用本包的 API 在这里启动环境的程序，请停止它；如果不是，请删除 {lock}。或者换一个 --prefix。',
    'stack.up.stoppedStarting': '在启动过程中停止了（{why}）；这套环境已经没有任何东西在运行。',
    'stack.up.portIgnored': '用了 --nginx-conf 时会忽略 --port：反向代理按你的配置监听。',
    'stack.up.bindAnyIgnored': '没有 --nginx-conf 时 --bind-any 不起作用：harness 生成的配置只监听回环地址。',
    'stack.up.proxyFailed': '反向代理（{engine}）没有启动起来：',
    'stack.up.proxyFailedCode': '反向代理（{engine}）没有启动起来（退出码 {code}）：',
    'stack.up.allStopped': 'harness 启动过的所有东西都已经停止。',
    'stack.up.adminFix': '怎么办：用 --admin-port 换一个端口，或者停掉占用这个端口的进程（harness 从不停止不是它启动的进程）。',
    'stack.up.adminFixConf': '怎么办：用 --admin-port 换一个端口（你的 nginx.conf 没有监听的端口），或者停掉占用这个端口的进程（harness 从不停止不是它启动的进程）。',
    'stack.up.proxyExited': '反向代理退出了（{how}）',
    'stack.up.exitCode': '退出码 {code}',
    'stack.up.stopping': '正在停止（{why}）……',
    'stack.up.faultNotUndone': '有一个故障没能撤销：{message}',
    'stack.up.stopped': '已停止；这套环境已经没有任何东西在运行。',
  },
});
