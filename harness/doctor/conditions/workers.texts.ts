// The words workers.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.exit.C0000142': 'STATUS_DLL_INIT_FAILED: it could not initialise',
    'doctor.exit.C0000005': 'STATUS_ACCESS_VIOLATION: it crashed',
    'doctor.exit.C0000409': 'STATUS_STACK_BUFFER_OVERRUN: it crashed',
    'doctor.exit.C000013A': 'STATUS_CONTROL_C_EXIT: it was interrupted',
    'doctor.exit.1': 'it was ended (TerminateProcess, taskkill /F) or stopped on an [emerg]',
    'doctor.exit.signal.6': 'SIGABRT',
    'doctor.exit.signal.9': 'SIGKILL (killed, e.g. by the OOM killer)',
    'doctor.exit.signal.11': 'SIGSEGV (a crash)',
    'doctor.exit.signal.7': 'SIGBUS (a crash)',
    'doctor.exit.signal.15': 'SIGTERM',
    'doctor.exit.signal.other': 'a signal',
    'doctor.exit.killed': 'was killed by signal {signal} ({name})',
    'doctor.exit.code': 'exited with code {code}{known}',
    'doctor.crashed.all': ' ({n} workers in all)',
    'doctor.crashed.cause': "nginx's worker process {worker} {how}{all}; the master started a new one, and the requests the old one was serving got no answer.",
    'doctor.crashed.fixWindows':
      'Nothing to do if it happened once; if it repeats, note the requests in access.log at that time, exclude nginx.exe from antivirus scanning, and use a current nginx for Windows.',
    'doctor.crashed.fixLinux': 'Nothing to do if it happened once; if it repeats, check "dmesg" for the OOM killer or a segfault and the modules loaded, and update nginx.',
    'doctor.respawn.forkAfter': ' after worker {worker} {how}',
    'doctor.respawn.fork': 'The master could not start a new worker{after} (fork() failed: {err}): the system is out of processes or memory, so nginx now accepts connections and never answers them.',
    'doctor.respawn.forkFix': 'Free processes or memory (check "ulimit -u" and "free -m"), then restart nginx ("nginx -s stop" and start it again); a reload alone leaves stale slots.',
    'doctor.respawn.fatal':
      'Worker {worker} failed while starting (exit code 2, nginx\'s "fatal" code), so the master does not respawn it: an [emerg] or [alert] line of process {pid} just before says why (a setuid/setgid or chdir it may not do, a module that fails in the worker); with every worker gone nginx accepts connections and answers none.',
    'doctor.respawn.fatalFix': 'Fix what that worker\'s line names (the "user" directive, working_directory, worker_rlimit_nofile, the module), check with "nginx -t", then {restart}.',
    'doctor.respawn.atStart': ' (worker {worker} {how} at its start)',
    'doctor.respawn.cause': 'The master could not start a new worker{after}, so nginx runs with no worker and every request fails until it is restarted.',
    'doctor.respawn.restartWindows': 'stop nginx ("taskkill /IM nginx.exe /F") and start it again',
    'doctor.respawn.fix': 'Look for an [emerg] line just before (it says why the worker stopped), fix it, then {restart}.',
    'doctor.workerStart.exited': ' and exited with code 2, which the master does not respawn',
    'doctor.workerStart.exits': ' and exits with code 2 (nginx treats it as fatal), which the master does not respawn',
    'doctor.workerStart.chdir': 'Worker {worker} could not enter its working_directory {dir} ({why}){after}: with its workers gone nginx accepts connections and answers none.',
    'doctor.workerStart.chdirFix':
      'Create {dir} and let nginx\'s worker user enter it ("sudo mkdir -p {dir}"; it holds core dumps), or remove the working_directory line; check with "nginx -t", then {restart}.{pointer}',
    'doctor.workerStart.user':
      'Worker {worker} could not switch to the user or group of the "user" directive ({why}){after}: with its workers gone nginx accepts connections and answers none. The master runs as root but may not change users: a container or service started without the SETUID/SETGID capabilities (cap_drop, no-new-privileges), or a user namespace that lacks that user\'s id.',
    'doctor.workerStart.userFix':
      'Give nginx back the capabilities to change users (docker: drop the cap_drop of SETUID/SETGID; systemd: CapabilityBoundingSet), or run nginx as that user from the start and remove the "user" line; check with "nginx -t", then {restart}.{pointer}',
    'doctor.dll.master': '(master {pid}) ',
    'doctor.dll.after': '; nginx served requests again later (line {line}), so its folder and nginx.exe are fine',
    'doctor.dll.odd': '; separately, this log shows nginx in a folder with non-ASCII characters ({folders}), which nginx for Windows cannot use',
    'doctor.dll.cause':
      'Worker {worker} of nginx {master}exited with code C0000142 (STATUS_DLL_INIT_FAILED: a new Windows process could not initialise) and its master could not start another, so that nginx served no request until it was stopped: Windows refuses new processes this way when the session or desktop nginx was started in is ending (log off, a closed Remote Desktop session) or its desktop heap is used up (many programs and windows open){after}{odd}.',
    'doctor.dll.fromFolder': 'from its folder ("cd /d {folder}" then "start nginx")',
    'doctor.dll.fromItsFolder': 'from its folder ("start nginx")',
    'doctor.dll.fix':
      'If nginx answers now (its page opens in the browser), nothing to do. Otherwise stop what is left of it ("taskkill /IM nginx.exe /F") and start it again {from} in the Windows session you work in; if it happens again, close programs you do not need or restart Windows.{move}',
    'doctor.dll.move': ' Move nginx to a folder whose path is plain ASCII first.',
    'doctor.connections.notSet': ' In your conf: worker_connections is not set (512); add it to {at}.',
    'doctor.connections.upstream': " (the line is from a connect to an upstream: each proxied request takes two, the client's and the upstream's)",
    'doctor.connections.cause':
      'An nginx worker had all of its {n} worker_connections in use{upstream}{times}, so new connections were refused or dropped: more traffic than {n} (long keep-alive or WebSocket connections count too), or requests that never end. One cause worth ruling out is nginx proxying to itself (proxy_pass to its own port: each request opens another until none are left); the log shows it when its own port is refused or requests arrive over HTTP/1.0 for the proxied path.',
    'doctor.connections.fix':
      "If the load is real, raise worker_connections in events { } (e.g. {more}; with worker_rlimit_nofile at least twice that); if the count jumped at once, check that no proxy_pass points back at nginx's own listen port.{pointer}",
    'doctor.nofile.notSet': ' In your conf: worker_rlimit_nofile is not set; add it at the top of nginx.conf.',
    'doctor.nofile.cause':
      "nginx ran out of file descriptors ({err}) in {calls}{times}: every connection, upstream connection and open file takes one, and the worker's limit (ulimit -n, often 1024) was reached, so connections were refused.",
    'doctor.nofile.fix':
      'Raise the limit nginx\'s workers get: "worker_rlimit_nofile 65535;" at the top of nginx.conf (and LimitNOFILE=65535 in the systemd unit, or --ulimit nofile=65535:65535 for a container), keep worker_connections below it, then restart nginx.{pointer}',
  },
  'zh-CN': {
    'doctor.exit.C0000142': 'STATUS_DLL_INIT_FAILED：它无法初始化',
    'doctor.exit.C0000005': 'STATUS_ACCESS_VIOLATION：它崩溃了',
    'doctor.exit.C0000409': 'STATUS_STACK_BUFFER_OVERRUN：它崩溃了',
    'doctor.exit.C000013A': 'STATUS_CONTROL_C_EXIT：它被中断了',
    'doctor.exit.1': '它被结束了（TerminateProcess、taskkill /F），或者因为 [emerg] 而停止',
    'doctor.exit.signal.6': 'SIGABRT',
    'doctor.exit.signal.9': 'SIGKILL，例如来自 OOM killer',
    'doctor.exit.signal.11': 'SIGSEGV，即崩溃',
    'doctor.exit.signal.7': 'SIGBUS，即崩溃',
    'doctor.exit.signal.15': 'SIGTERM',
    'doctor.exit.signal.other': '某个信号',
    'doctor.exit.killed': '被信号 {signal}（{name}）杀掉了',
    'doctor.exit.code': '以退出码 {code} 退出{known}',
    'doctor.crashed.all': '（一共 {n} 个工作进程）',
    'doctor.crashed.cause': 'nginx 的工作进程 {worker} {how}{all}；主进程启动了一个新的，旧进程正在处理的请求没有得到回应。',
    'doctor.crashed.fixWindows': '只发生一次就无需处理；如果反复出现，记下那个时间 access.log 中的请求，让杀毒软件不要扫描 nginx.exe，并换用新版的 Windows 版 nginx。',
    'doctor.crashed.fixLinux': '只发生一次就无需处理；如果反复出现，用 "dmesg" 查看是否有 OOM killer 或段错误，检查加载的模块，并升级 nginx。',
    'doctor.respawn.forkAfter': '，此前工作进程 {worker} {how}',
    'doctor.respawn.fork': '主进程无法启动新的工作进程{after}（fork() failed: {err}）：系统的进程数或内存用完了，所以 nginx 现在接受连接，却从不回应。',
    'doctor.respawn.forkFix': '释放进程或内存（查看 "ulimit -u" 和 "free -m"），然后重启 nginx（"nginx -s stop" 后再启动）；只 reload 会留下失效的进程槽位。',
    'doctor.respawn.fatal':
      '工作进程 {worker} 在启动时失败了（退出码 2，nginx 的 "fatal" 退出码），所以主进程不会重新启动它：就在前面的进程 {pid} 的 [emerg] 或 [alert] 行说明了原因（没有权限做 setuid/setgid 或 chdir，或者某个模块在工作进程中失败）；所有工作进程都没了，nginx 接受连接却什么都不回应。',
    'doctor.respawn.fatalFix': '修正那个工作进程的日志行指出的问题（"user" 指令、working_directory、worker_rlimit_nofile、模块），用 "nginx -t" 检查，然后{restart}。',
    'doctor.respawn.atStart': '（工作进程 {worker} 在启动时{how}）',
    'doctor.respawn.cause': '主进程无法启动新的工作进程{after}，所以 nginx 在没有工作进程的情况下运行，在重启之前每个请求都会失败。',
    'doctor.respawn.restartWindows': '停掉 nginx（"taskkill /IM nginx.exe /F"）再启动它',
    'doctor.respawn.fix': '找到就在前面的 [emerg] 行（它说明了工作进程为什么停止），修正它，然后{restart}。',
    'doctor.workerStart.exited': '，并以退出码 2 退出，主进程不会重新启动它',
    'doctor.workerStart.exits': '，会以退出码 2 退出（nginx 把它当作致命错误），主进程不会重新启动它',
    'doctor.workerStart.chdir': '工作进程 {worker} 无法进入它的 working_directory {dir}（{why}）{after}：工作进程都没了，nginx 接受连接却什么都不回应。',
    'doctor.workerStart.chdirFix': '创建 {dir} 并让 nginx 工作进程的用户能进入它（"sudo mkdir -p {dir}"；这里存放 core dump），或者删掉 working_directory 这一行；用 "nginx -t" 检查，然后{restart}。{pointer}',
    'doctor.workerStart.user':
      '工作进程 {worker} 无法切换到 "user" 指令中的用户或组（{why}）{after}：工作进程都没了，nginx 接受连接却什么都不回应。主进程以 root 运行，但没有权限切换用户：容器或服务启动时没有 SETUID/SETGID 权限（cap_drop、no-new-privileges），或者用户命名空间中没有这个用户的 id。',
    'doctor.workerStart.userFix':
      '把切换用户的权限还给 nginx（docker：去掉 SETUID/SETGID 的 cap_drop；systemd：CapabilityBoundingSet），或者一开始就用那个用户运行 nginx，并删掉 "user" 这一行；用 "nginx -t" 检查，然后{restart}。{pointer}',
    'doctor.dll.master': '（主进程 {pid}）',
    'doctor.dll.after': '；之后 nginx 又处理了请求（第 {line} 行），所以它的文件夹和 nginx.exe 都没有问题',
    'doctor.dll.odd': '；另外，这个日志显示 nginx 在带非 ASCII 字符的文件夹中（{folders}），Windows 版 nginx 无法使用这种路径',
    'doctor.dll.cause':
      'nginx{master}的工作进程 {worker} 以退出码 C0000142 退出（STATUS_DLL_INIT_FAILED：新的 Windows 进程无法初始化），主进程也没能启动新的，所以这个 nginx 在被停止之前没有处理任何请求：当启动 nginx 的会话或桌面正在结束时（注销，或关闭了远程桌面会话），或者桌面堆用完了（打开了很多程序和窗口），Windows 就会这样拒绝新进程{after}{odd}。',
    'doctor.dll.fromFolder': '在它的文件夹中（先 "cd /d {folder}"，再 "start nginx"）',
    'doctor.dll.fromItsFolder': '在它的文件夹中（"start nginx"）',
    'doctor.dll.fix':
      '如果 nginx 现在能回应（浏览器能打开它的页面），就无需处理。否则停掉它剩下的进程（"taskkill /IM nginx.exe /F"），然后在你正在使用的 Windows 会话中，{from}重新启动它；如果再次发生，关掉不需要的程序，或者重启 Windows。{move}',
    'doctor.dll.move': ' 请先把 nginx 移到路径只有 ASCII 字符的文件夹。',
    'doctor.connections.notSet': ' 你的配置中：没有设置 worker_connections（即 512）；把它加到 {at}。',
    'doctor.connections.upstream': '（这一行来自连接上游时：每个被代理的请求占两个连接，客户端的和上游的）',
    'doctor.connections.cause':
      '一个 nginx 工作进程的 {n} 个 worker_connections 全部用完了{upstream}{times}，所以新连接被拒绝或丢弃：流量超过了 {n}（长时间的 keep-alive 或 WebSocket 连接也算），或者有永远不结束的请求。有一个原因值得排除：nginx 在代理到它自己（proxy_pass 指向它自己的端口：每个请求又打开一个新请求，直到连接用完）；如果它自己的端口拒绝连接，或者被代理的路径收到 HTTP/1.0 的请求，日志就说明是这种情况。',
    'doctor.connections.fix':
      '如果负载是真实的，就在 events { } 中调大 worker_connections（例如 {more}；worker_rlimit_nofile 至少是它的两倍）；如果连接数是突然涨满的，检查有没有 proxy_pass 指回 nginx 自己监听的端口。{pointer}',
    'doctor.nofile.notSet': ' 你的配置中：没有设置 worker_rlimit_nofile；把它加在 nginx.conf 的最前面。',
    'doctor.nofile.cause': 'nginx 的文件描述符用完了（{err}），出现在 {calls}{times}：每个连接、上游连接和打开的文件都占一个，工作进程的上限（ulimit -n，常常是 1024）到了，所以连接被拒绝。',
    'doctor.nofile.fix':
      '调大 nginx 工作进程的上限：在 nginx.conf 最前面加 "worker_rlimit_nofile 65535;"（systemd unit 中加 LimitNOFILE=65535，容器用 --ulimit nofile=65535:65535），让 worker_connections 小于它，然后重启 nginx。{pointer}',
  },
});
