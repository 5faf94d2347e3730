// The words startup.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.attempts.at': 'at {time}',
    'doctor.attempts.once': 'once',
    'doctor.attempts.range': '{attempts}, {from} to {to}',
    'doctor.aRequest': 'a request',
    'doctor.serving': 'while serving {request}',
    'doctor.shipped.one': "This line came with the course's nginx folder: the instructor's nginx wrote it on {dates} under {folder}, so it is not a problem on your machine.",
    'doctor.shipped.other': "These {n} lines came with the course's nginx folder: the instructor's nginx wrote them on {dates} under {folder}, so they are not a problem on your machine.",
    'doctor.shipped.fix': "Nothing to do; you may empty logs\\error.log so that only your own nginx's lines remain.",
    'doctor.encoding.cause': 'nginx could not open {path} ({err}) because the path of its folder has non-ASCII (e.g. Chinese) characters, which nginx on Windows cannot map ({attempts}).',
    'doctor.encoding.fix':
      'Move the nginx-1.20.2 folder to a path of plain ASCII letters, e.g. D:\\nginx-1.20.2, and start nginx there (the course readme: the nginx folder must not be under a folder with Chinese characters).',
    'doctor.signal.tries': ' ({n} tries)',
    'doctor.signal.noNginx':
      '"{signals}" found no nginx to signal{tries}: logs\\nginx.pid names process {pid}, which is not running (nginx was stopped, crashed, or runs from another folder).',
    'doctor.signal.noNginxFix':
      'Start nginx first ("start nginx" in its folder); if "tasklist | findstr nginx" shows a stray nginx.exe, end it with "taskkill /IM nginx.exe /F", delete logs\\nginx.pid, and start nginx again.',
    'doctor.signal.noPidFile': '"nginx -s ..." found no pid file {path}: nginx is not running (or was started with another prefix or -c).',
    'doctor.signal.stale': '"nginx -s ..." signalled process {pid}, which no longer exists: the pid file is stale and nginx is not running.',
    'doctor.signal.invalid': '"nginx -s ..." found no valid pid in the pid file: nginx is not running.',
    'doctor.signal.fix': 'Start nginx ({start}) before sending it signals, using the same -p/-c as the running one; remove a stale pid file.',
    'doctor.denied.selinux': 'The system forbids nginx to connect to the admin server ({err}): on Fedora, RHEL or CentOS that is SELinux, which by default keeps nginx from making outgoing connections.',
    'doctor.denied.selinuxFix': 'Run "sudo setsebool -P httpd_can_network_connect 1" (or allow the port in your security policy), then retry.',
    'doctor.denied.andMore': ' and {more}',
    'doctor.denied.temp':
      'nginx may not write its temporary files in {folder} ({err}), so requests whose body or response is too big for memory fail with 500 ("{request}"{more}): the folder belongs to another user than nginx\'s workers{why}.',
    'doctor.denied.tempWindows': ' or is read-only',
    'doctor.denied.tempLinux': ' (after a change of the "user" directive, say)',
    'doctor.denied.tempFixWindows': 'Make {folder} writable for the user nginx runs as (not under C:\\Program Files), then restart nginx.',
    'doctor.denied.tempFixLinux':
      'Give nginx\'s worker user that folder ("sudo chown -R <user> {folder}", the user of the "user" directive: www-data on Debian, nginx on Fedora), then reload nginx.',
    'doctor.denied.windows': 'Windows denied nginx access to {path} ({err}, {what}): the file is read-only or protected, or another program (often an nginx.exe still running) holds it.',
    'doctor.denied.linux': "nginx's user may not open {path} ({err}, {what}): the file or a folder above it belongs to another user or lacks the permission.",
    'doctor.denied.fixWindows':
      'Stop every nginx ("taskkill /IM nginx.exe /F"), make sure {path} is not read-only and its folder is writable (not under C:\\Program Files), then start nginx again.',
    'doctor.denied.fixLinux': 'Give nginx\'s user access ("ls -l {parent}"; chown or chmod as needed, e.g. the user in the "user" directive), then start or reload nginx.',
    'doctor.readOnly.cause':
      'nginx cannot write {path} ({err}, {what}): the file system that holds {folder} is mounted read-only, so no owner or permission change helps. In a container that is "read_only: true" (or --read-only) without a writable volume there; under systemd, ProtectSystem= of the unit; else a disk the kernel remounted read-only after errors ("dmesg" says so).',
    'doctor.readOnly.fix':
      'Give nginx a writable place for {folder}: a tmpfs or volume mounted there (docker: tmpfs: ["{folder}"]), ReadWritePaths={folder} in the systemd unit, or a *_temp_path / pid / log path on a writable disk in nginx.conf; then {restart}.',
    'doctor.temp.file.one':
      'nginx could not create a temporary file in {folder} ({err}) for "{request}", whose body or response was too big for memory, so it failed with 500: that folder was deleted, or never made, after nginx started (nginx makes its temp folders only at start).',
    'doctor.temp.file.other':
      'nginx could not create a temporary file in {folder} ({err}) for {n} requests (the first "{request}"), whose body or response was too big for memory, so they failed with 500: that folder was deleted, or never made, after nginx started (nginx makes its temp folders only at start).',
    'doctor.temp.fileFixWindows':
      'Create the folder {folder} (or restart nginx, which makes it: "nginx -s stop", then "start nginx" in its folder), and leave the temp folder next to nginx.exe in place.',
    'doctor.temp.fileFixLinux': 'Create it ("mkdir -p {folder}", owned by nginx\'s user) or restart nginx, which makes it.',
    'doctor.temp.cause': 'nginx cannot start because the folder {parent} does not exist: nginx creates {name} itself but never its parent ({attempts}){git}.',
    'doctor.temp.git': '; Git does not keep empty folders, so a cloned or zipped nginx-1.20.2 lacks temp',
    'doctor.temp.fixWindows': 'Create the `{name}` folder next to nginx.exe: {parent}, then start nginx again.',
    'doctor.temp.fixLinux': 'Create it with "mkdir -p {parent}" (or fix the *_temp_path in nginx.conf), then start nginx again.',
    'doctor.confMissing.include': '{at} includes {path}, which does not exist ({err}), so nginx refused its configuration ({attempts}).',
    'doctor.confMissing.includeFix': 'Restore {path} (it ships with nginx) or correct the path at {at}, then check with "nginx -t".',
    'doctor.confMissing.cause': 'nginx could not open its configuration {path} ({err}, {attempts}): it was started from a folder other than its own, so it looked for {rel} there, or the file is missing.',
    'doctor.confMissing.fixWindows':
      'Start nginx from its own folder ("cd /d <the folder of nginx.exe>" then "start nginx"), or pass the full path with -c; make sure {path} is the file you mean{looked}.',
    'doctor.confMissing.looked': ' (nginx looked in {folder})',
    'doctor.confMissing.fixLinux': 'Start nginx with the prefix and -c of your installation (nginx -p <prefix> -c conf/nginx.conf), or restore {path}.',
    'doctor.forbidden.linux': 'Linux lets only root listen on ports below 1024, so nginx could not bind {addr} ({err}, {attempts}).',
    'doctor.forbidden.linuxFix':
      'Start nginx as root (sudo), give it the capability ("sudo setcap cap_net_bind_service=+ep $(command -v nginx)"), or listen on a port above 1023 (e.g. listen 8081;).{pointer}',
    'doctor.forbidden.windows':
      'Windows forbids nginx to listen on {addr} (10013, {attempts}): port {port} is reserved (a Hyper-V, WSL or Docker excluded port range) or claimed by a system service such as HTTP.sys (IIS, World Wide Web Publishing Service).',
    'doctor.forbidden.stopHttp': 'stop HTTP.sys users with "net stop http" (or the W3SVC service), ',
    'doctor.forbidden.winnat': 'restart the "winnat" service (net stop winnat, net start winnat) to free a reserved range, ',
    'doctor.forbidden.windowsFix':
      'Run "netsh int ipv4 show excludedportrange protocol=tcp" and "netstat -ano | findstr :{port}" (as administrator) to see who holds port {port}; {stop}or use another port: "listen 8081;" and open http://localhost:8081.{pointer}',
    'doctor.bind.noAddress': 'nginx was told to listen on {addr}, an address this machine does not have ({err}).',
    'doctor.bind.noAddressFix': 'Listen on an address of this machine (listen {port}; for all of them, or 127.0.0.1:{port}).{pointer}',
    'doctor.bind.noIpv6':
      'nginx was told to listen on IPv6 ({addrs}), but this system has no IPv6 ({err}): a Docker container or a Linux machine with IPv6 turned off, where the conf has "listen [::]:80;" (as the default.conf of the official nginx image has).',
    'doctor.bind.noIpv6Fix': 'Remove {listens} from the conf, or turn IPv6 on for the container or the machine, then start nginx again.{pointer}',
    'doctor.bind.inUse': 'Something else already listens on {addr}{err}, so nginx could not start ({tries}{gaveUp}).',
    'doctor.bind.gaveUp': ', then "still could not bind()"',
    'doctor.bind.fixWindows':
      'Something else holds port {port}: on Windows run "netstat -ano | findstr :{port}" and "tasklist /FI \\"PID eq <pid>\\"" to see what; often it is an nginx.exe started earlier (stop it with "nginx -s stop" or "taskkill /IM nginx.exe /F"), or change "listen {port}" in nginx.conf.{pointer}',
    'doctor.bind.fixLinux':
      'Something else holds port {port}: run "sudo ss -ltnp \'sport = :{port}\'" to see what (often another nginx: "sudo nginx -s stop" or "systemctl stop nginx"), or change "listen {port}" in nginx.conf.{pointer}',
    'doctor.host.after': '; the worker that read it exited ({exit}){respawn}',
    'doctor.host.respawn': ' and the master could not start another, so nginx answers nothing',
    'doctor.host.scheme': 'nginx refused its configuration{count}: {where} gives the upstream server as "{host}", but a "server" line in an upstream { } block takes host:port without "http://".',
    'doctor.host.schemeFix': 'Write "server {bare};" at {where} (keep http:// only in proxy_pass), then start nginx again.',
    'doctor.host.invalid': 'nginx refused its configuration{count}: "{host}" at {where} is not a valid host[:port].',
    'doctor.host.invalidFix': 'Correct the address at {where} (host:port, no scheme, no path), then check with "nginx -t".',
    'doctor.host.localhost': 'nginx could not resolve "localhost" when it read {where}{count}{after}.',
    'doctor.host.localhostFix': 'Make sure {hosts} maps localhost ("127.0.0.1 localhost" and "::1 localhost"), or write proxy_pass http://127.0.0.1:8080/admin/; then start nginx again.',
    'doctor.host.upstream': 'proxy_pass at {where} names "{host}", but no "upstream {host} { ... }" block is defined in the http { } block and no host of that name exists{count}{after}.',
    'doctor.host.upstreamFix':
      'Define "upstream {host} { server 127.0.0.1:8080; }" inside http { } (outside any server { }), or write the address in proxy_pass (http://127.0.0.1:8080/...), then start nginx again.',
    'doctor.host.resolve': 'nginx could not resolve "{host}" when it read {where}{count}{after}.',
    'doctor.host.resolveFix': 'Use a name this machine resolves, or its IP address{docker}, then start nginx again.',
    'doctor.host.docker': ' (in Docker on Linux add extra_hosts: ["host.docker.internal:host-gateway"] to the nginx service)',
  },
  'zh-CN': {
    'doctor.attempts.at': '在 {time}',
    'doctor.attempts.once': '一次',
    'doctor.attempts.range': '{attempts}，从 {from} 到 {to}',
    'doctor.aRequest': '一个请求',
    'doctor.serving': '处理 {request} 时',
    'doctor.shipped.one': '这一行是课程的 nginx 文件夹自带的：是讲师的 nginx 在 {dates} 写在 {folder} 下的，所以不是你机器上的问题。',
    'doctor.shipped.other': '这 {n} 行是课程的 nginx 文件夹自带的：是讲师的 nginx 在 {dates} 写在 {folder} 下的，所以不是你机器上的问题。',
    'doctor.shipped.fix': '无需处理；你可以清空 logs\\error.log，只留下你自己的 nginx 写的行。',
    'doctor.encoding.cause': 'nginx 打不开 {path}（{err}），因为它所在文件夹的路径中有非 ASCII 字符（例如中文），Windows 上的 nginx 无法处理这种路径（{attempts}）。',
    'doctor.encoding.fix': '把 nginx-1.20.2 文件夹移到只有英文字母的路径下，例如 D:\\nginx-1.20.2，然后在那里启动 nginx（课程资料里也说了：nginx 文件夹不能放在带中文的目录下）。',
    'doctor.signal.tries': '（尝试了 {n} 次）',
    'doctor.signal.noNginx': '"{signals}" 找不到可以发信号的 nginx{tries}：logs\\nginx.pid 中记录的是进程 {pid}，但它没有在运行（nginx 已停止、崩溃了，或者是从别的文件夹运行的）。',
    'doctor.signal.noNginxFix':
      '先启动 nginx（在它的文件夹中运行 "start nginx"）；如果 "tasklist | findstr nginx" 显示还有残留的 nginx.exe，就用 "taskkill /IM nginx.exe /F" 结束它，删掉 logs\\nginx.pid，再启动 nginx。',
    'doctor.signal.noPidFile': '"nginx -s ..." 找不到 pid 文件 {path}：nginx 没有在运行（或者启动时用了别的 prefix 或 -c）。',
    'doctor.signal.stale': '"nginx -s ..." 给进程 {pid} 发了信号，但这个进程已经不存在：pid 文件是旧的，nginx 没有在运行。',
    'doctor.signal.invalid': '"nginx -s ..." 在 pid 文件中找不到有效的 pid：nginx 没有在运行。',
    'doctor.signal.fix': '先启动 nginx（{start}）再给它发信号，并使用与运行中的 nginx 相同的 -p/-c；删掉旧的 pid 文件。',
    'doctor.denied.selinux': '系统禁止 nginx 连接后端服务（{err}）：在 Fedora、RHEL 或 CentOS 上这是 SELinux，它默认不允许 nginx 主动向外连接。',
    'doctor.denied.selinuxFix': '运行 "sudo setsebool -P httpd_can_network_connect 1"（或者在安全策略中放行这个端口），然后重试。',
    'doctor.denied.andMore': '，{more}',
    'doctor.denied.temp': 'nginx 没有权限在 {folder} 中写临时文件（{err}），所以请求体或响应太大、内存放不下的请求会失败，返回 500（"{request}"{more}）：这个文件夹属于别的用户，不是 nginx 工作进程的用户{why}。',
    'doctor.denied.tempWindows': '，或者它是只读的',
    'doctor.denied.tempLinux': '（例如改了 "user" 指令之后）',
    'doctor.denied.tempFixWindows': '让运行 nginx 的用户可以写 {folder}（不要放在 C:\\Program Files 下），然后重启 nginx。',
    'doctor.denied.tempFixLinux': '把这个文件夹交给 nginx 工作进程的用户（"sudo chown -R <user> {folder}"，即 "user" 指令中的用户：Debian 上是 www-data，Fedora 上是 nginx），然后重新加载 nginx。',
    'doctor.denied.windows': 'Windows 拒绝了 nginx 访问 {path}（{err}，{what}）：文件是只读的或受保护，或者被另一个程序占用（常常是还在运行的 nginx.exe）。',
    'doctor.denied.linux': 'nginx 的用户没有权限打开 {path}（{err}，{what}）：这个文件或它上层的某个目录属于别的用户，或者缺少权限。',
    'doctor.denied.fixWindows': '停掉所有 nginx（"taskkill /IM nginx.exe /F"），确认 {path} 不是只读的、它所在的文件夹可写（不要放在 C:\\Program Files 下），然后重新启动 nginx。',
    'doctor.denied.fixLinux': '给 nginx 的用户访问权限（先看 "ls -l {parent}"；按需要 chown 或 chmod，例如改成 "user" 指令中的用户），然后启动或重新加载 nginx。',
    'doctor.readOnly.cause':
      'nginx 无法写 {path}（{err}，{what}）：{folder} 所在的文件系统是只读挂载的，改所有者或权限都没用。在容器里，这是 "read_only: true"（或 --read-only）而那里没有可写的卷；在 systemd 下，是 unit 的 ProtectSystem=；否则是磁盘出错后被内核重新挂载成了只读（"dmesg" 会显示）。',
    'doctor.readOnly.fix':
      '给 nginx 一个可写的 {folder}：在那里挂载 tmpfs 或卷（docker：tmpfs: ["{folder}"]），在 systemd unit 中加 ReadWritePaths={folder}，或者在 nginx.conf 中把 *_temp_path / pid / 日志路径放到可写的磁盘上；然后{restart}。',
    'doctor.temp.file.one':
      'nginx 无法在 {folder} 中创建临时文件（{err}）："{request}" 的请求体或响应太大、内存放不下，所以失败了，返回 500：这个文件夹在 nginx 启动后被删掉了，或者从来没有建过（nginx 只在启动时创建临时文件夹）。',
    'doctor.temp.file.other':
      'nginx 无法在 {folder} 中创建临时文件（{err}）：{n} 个请求（第一个是 "{request}"）的请求体或响应太大、内存放不下，所以都失败了，返回 500：这个文件夹在 nginx 启动后被删掉了，或者从来没有建过（nginx 只在启动时创建临时文件夹）。',
    'doctor.temp.fileFixWindows': '创建文件夹 {folder}（或者重启 nginx，它会自动创建：先 "nginx -s stop"，再在它的文件夹中 "start nginx"），并且不要删掉 nginx.exe 旁边的 temp 文件夹。',
    'doctor.temp.fileFixLinux': '创建它（"mkdir -p {folder}"，所有者设为 nginx 的用户），或者重启 nginx，它会自动创建。',
    'doctor.temp.cause': 'nginx 无法启动，因为文件夹 {parent} 不存在：nginx 会自己创建 {name}，但从不创建它的上级文件夹（{attempts}）{git}。',
    'doctor.temp.git': '；Git 不保存空文件夹，所以克隆或打包的 nginx-1.20.2 里没有 temp',
    'doctor.temp.fixWindows': '在 nginx.exe 旁边创建 `{name}` 文件夹：{parent}，然后重新启动 nginx。',
    'doctor.temp.fixLinux': '用 "mkdir -p {parent}" 创建它（或者修改 nginx.conf 中的 *_temp_path），然后重新启动 nginx。',
    'doctor.confMissing.include': '{at} include 了 {path}，但这个文件不存在（{err}），所以 nginx 拒绝了它的配置（{attempts}）。',
    'doctor.confMissing.includeFix': '恢复 {path}（nginx 自带这个文件），或者改正 {at} 处的路径，然后用 "nginx -t" 检查。',
    'doctor.confMissing.cause': 'nginx 打不开它的配置 {path}（{err}，{attempts}）：它是从别的文件夹启动的，所以在那里找 {rel}，或者这个文件不存在。',
    'doctor.confMissing.fixWindows': '在 nginx 自己的文件夹中启动它（先 "cd /d <nginx.exe 所在的文件夹>"，再 "start nginx"），或者用 -c 给出完整路径；确认 {path} 是你想用的文件{looked}。',
    'doctor.confMissing.looked': '（nginx 是在 {folder} 中找的）',
    'doctor.confMissing.fixLinux': '用你安装时的 prefix 和 -c 启动 nginx（nginx -p <prefix> -c conf/nginx.conf），或者恢复 {path}。',
    'doctor.forbidden.linux': 'Linux 只允许 root 监听 1024 以下的端口，所以 nginx 无法 bind {addr}（{err}，{attempts}）。',
    'doctor.forbidden.linuxFix': '用 root 启动 nginx（sudo），给它这个权限（"sudo setcap cap_net_bind_service=+ep $(command -v nginx)"），或者监听 1023 以上的端口（例如 listen 8081;）。{pointer}',
    'doctor.forbidden.windows':
      'Windows 禁止 nginx 监听 {addr}（10013，{attempts}）：端口 {port} 被保留了（Hyper-V、WSL 或 Docker 排除的端口范围），或者被 HTTP.sys 这样的系统服务占用（IIS、"World Wide Web Publishing Service"）。',
    'doctor.forbidden.stopHttp': '用 "net stop http"（或停止 W3SVC 服务）停掉使用 HTTP.sys 的程序，',
    'doctor.forbidden.winnat': '重启 "winnat" 服务（"net stop winnat"，"net start winnat"）释放保留的端口范围，',
    'doctor.forbidden.windowsFix':
      '（以管理员身份）运行 "netsh int ipv4 show excludedportrange protocol=tcp" 和 "netstat -ano | findstr :{port}"，查看是谁占用了端口 {port}；{stop}或者换一个端口："listen 8081;"，然后打开 http://localhost:8081。{pointer}',
    'doctor.bind.noAddress': 'nginx 被配置为监听 {addr}，但这台机器没有这个地址（{err}）。',
    'doctor.bind.noAddressFix': '监听这台机器上有的地址（listen {port}; 表示所有地址，或者用 127.0.0.1:{port}）。{pointer}',
    'doctor.bind.noIpv6':
      'nginx 被要求监听 IPv6（{addrs}），但这个系统没有 IPv6（{err}）：通常是关闭了 IPv6 的 Docker 容器或 Linux 机器，而配置里有 "listen [::]:80;"（官方 nginx 镜像的 default.conf 就有这一行）。',
    'doctor.bind.noIpv6Fix': '从配置中删除 {listens}，或者为容器或机器打开 IPv6，然后重新启动 nginx。{pointer}',
    'doctor.bind.inUse': '{addr} 已经被别的程序占用{err}，所以 nginx 无法启动（{tries}{gaveUp}）。',
    'doctor.bind.gaveUp': '，然后是 "still could not bind()"',
    'doctor.bind.fixWindows':
      '端口 {port} 被别的程序占用了：在 Windows 上运行 "netstat -ano | findstr :{port}" 和 "tasklist /FI \\"PID eq <pid>\\"" 查看是哪个程序；常常是之前启动的 nginx.exe（用 "nginx -s stop" 或 "taskkill /IM nginx.exe /F" 停掉它），或者改掉 nginx.conf 中的 "listen {port}"。{pointer}',
    'doctor.bind.fixLinux':
      '端口 {port} 被别的程序占用了：运行 "sudo ss -ltnp \'sport = :{port}\'" 查看是哪个程序（常常是另一个 nginx："sudo nginx -s stop" 或 "systemctl stop nginx"），或者改掉 nginx.conf 中的 "listen {port}"。{pointer}',
    'doctor.host.after': '；读取它的工作进程退出了（{exit}）{respawn}',
    'doctor.host.respawn': '，主进程也没能启动新的工作进程，所以 nginx 什么都不回应',
    'doctor.host.scheme': 'nginx 拒绝了它的配置{count}：{where} 把 upstream 的 server 写成了 "{host}"，但 upstream { } 块中的 "server" 行只接受 host:port，不能带 "http://"。',
    'doctor.host.schemeFix': '在 {where} 写成 "server {bare};"（http:// 只在 proxy_pass 中使用），然后重新启动 nginx。',
    'doctor.host.invalid': 'nginx 拒绝了它的配置{count}：{where} 的 "{host}" 不是有效的 host[:port]。',
    'doctor.host.invalidFix': '改正 {where} 的地址（host:port，不带协议，不带路径），然后用 "nginx -t" 检查。',
    'doctor.host.localhost': 'nginx 读取 {where} 时无法解析 "localhost"{count}{after}。',
    'doctor.host.localhostFix': '确认 {hosts} 中有 localhost 的映射（"127.0.0.1 localhost" 和 "::1 localhost"），或者写 proxy_pass http://127.0.0.1:8080/admin/;，然后重新启动 nginx。',
    'doctor.host.upstream': '{where} 的 proxy_pass 指向 "{host}"，但 http { } 块中没有定义 "upstream {host} { ... }"，也没有叫这个名字的主机{count}{after}。',
    'doctor.host.upstreamFix': '在 http { } 中（任何 server { } 之外）定义 "upstream {host} { server 127.0.0.1:8080; }"，或者在 proxy_pass 中直接写地址（http://127.0.0.1:8080/...），然后重新启动 nginx。',
    'doctor.host.resolve': 'nginx 读取 {where} 时无法解析 "{host}"{count}{after}。',
    'doctor.host.resolveFix': '使用这台机器能解析的名称，或者它的 IP 地址{docker}，然后重新启动 nginx。',
    'doctor.host.docker': '（在 Linux 的 Docker 中给 nginx 服务加上 extra_hosts: ["host.docker.internal:host-gateway"]）',
  },
});
