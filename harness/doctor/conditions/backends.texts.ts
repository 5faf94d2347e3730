// The words backends.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.unix.appServer': 'the application server',
    'doctor.unix.service': 'the service',
    'doctor.unix.poolListen': 'listen = in the pool file, /etc/php/*/fpm/pool.d/www.conf',
    'doctor.unix.socketOption': 'its socket option',
    'doctor.unix.missing':
      'nginx could not connect to the unix socket {socket} ({err}){times}: no such socket file, so {service} is not running, or it listens on another path (a PHP version in the name that differs, a listen = 127.0.0.1:9000 instead), or nginx runs in another container or with PrivateTmp and sees another /tmp.',
    'doctor.unix.missingFix': 'Start {service} (e.g. "systemctl status php8.2-fpm") and make the path in nginx\'s *_pass equal its "listen" setting ({setting}).{pointer}',
    'doctor.unix.denied':
      "nginx's workers may not connect to the unix socket {socket} ({err}){times}: the socket file (or a folder above it) belongs to another user or group than nginx's, or SELinux forbids it.",
    'doctor.unix.deniedFix':
      'Give nginx\'s user the socket: in the PHP-FPM pool set listen.owner and listen.group to nginx\'s user (www-data on Debian, nginx on Fedora) and listen.mode = 0660, or add that user to the socket\'s group; on SELinux systems check "ausearch -m avc". Then restart {service}.{pointer}',
    'doctor.unix.full': 'The unix socket {socket} refused new connections because its backlog was full ({err}){times}: {service} had no free worker for a while (all busy with slow requests), so nginx answered 502.',
    'doctor.unix.fullFix': "Find what keeps {service}'s workers busy (its slow log); give it more workers (pm.max_children for PHP-FPM) or a longer backlog (listen.backlog, and net.core.somaxconn).{pointer}",
    'doctor.unix.other': 'nginx could not connect to the unix socket {socket} ({err}){times}: the socket file exists but {service} does not accept on it ({why}).',
    'doctor.unix.leftBehind': 'it was stopped or crashed and left the file behind',
    'doctor.unix.seeErrno': 'see the errno',
    'doctor.unix.otherFix': 'Restart {service} and check its log around {when}.{pointer}',

    'doctor.php.unknown.why':
      'PHP-FPM found no PHP file at the path nginx gave it in SCRIPT_FILENAME: the root nginx passes is not where the files are (nginx and PHP-FPM in different containers, a root that differs between them), or the request asked for a .php file that does not exist',
    'doctor.php.unknown.fix':
      'Pass the path as PHP-FPM sees it: "fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;" with a root that exists in PHP-FPM\'s container or machine too, and answer missing files before PHP: "try_files $uri =404;" in the .php location.',
    'doctor.php.open.why': "PHP-FPM could not open the script nginx named (the path is wrong, or PHP-FPM's user may not read it)",
    'doctor.php.open.fix':
      'Check that the file exists where PHP-FPM runs and that its user (the pool\'s "user") may read it and every folder above it; fix root / SCRIPT_FILENAME in nginx if the path is wrong.',
    'doctor.php.ext.why': 'PHP-FPM refused to run a file that does not end in .php (security.limit_extensions): nginx passed a path like /image.jpg/x.php or a .html file to PHP',
    'doctor.php.ext.fix': 'Pass only .php files to PHP-FPM ("location ~ \\.php$" with "try_files $uri =404;"), or add the extension to security.limit_extensions in the pool if it really is PHP.',
    'doctor.php.memory.why': 'the PHP script ran out of its memory_limit',
    'doctor.php.memory.fix': "Raise memory_limit in php.ini (or the pool's php_admin_value[memory_limit]) or make the script use less memory.",
    'doctor.php.time.why': 'the PHP script ran longer than max_execution_time and was stopped',
    'doctor.php.time.fix': 'Find why the script is slow; only if it must run long, raise max_execution_time (and fastcgi_read_timeout in nginx).',
    'doctor.php.fatal.why': 'the PHP application failed with a fatal error while serving the request, so PHP-FPM answered 500 (or nothing)',
    'doctor.php.fatal.fix': 'Fix the PHP error it quotes (the file and line are in the message); this is the application, not nginx.',
    'doctor.php.warning.why': 'the PHP application printed a warning or notice on stderr; the request itself may well have worked',
    'doctor.php.warning.fix': 'Nothing for nginx to do: fix or silence the warning in the PHP code (display_errors/log_errors in php.ini decide where they go).',
    'doctor.php.other.why': 'a message of the PHP application or PHP-FPM itself, not of nginx',
    'doctor.php.other.fix': "Read the message: it is PHP's (the application or PHP-FPM), so the fix is in the PHP code or the pool's settings, not in nginx.",
    'doctor.php.cause': 'PHP-FPM wrote "{quoted}" to its stderr, which nginx logs as it comes{times}: {why}.',

    'doctor.check.timeout': "did not answer its health check within check's timeout",
    'doctor.check.protocol': 'answered its {proto} health check with something check_http_expect_alive does not count as alive (by default a 2xx or 3xx status)',
    'doctor.check.down': 'failed its health checks (the check\'s "fall" count of them in a row)',
    'doctor.check.cause':
      'The upstream check module of tengine (or nginx built with nginx_upstream_check_module) found {peer} down: it {what}, {times} (the first at {when}). nginx sends no request to a server its check marks down, so requests go to the other servers of its upstream, or get 502 when none is left; the check line comes before any request fails.',
    'doctor.check.timeoutFix': 'Start the service on {peer}, or make it answer check_http_send\'s request faster than the check\'s timeout (the "check interval=… timeout=…" line of the upstream).',
    'doctor.check.protocolFix':
      'Make {peer} answer check_http_send\'s request (often "HEAD / HTTP/1.0") with a status check_http_expect_alive accepts, or point check_http_send at a path that does (a health endpoint such as /actuator/health).',
    'doctor.check.downFix': 'Start the service on {peer}; the lines before this one say how its checks failed (a timeout, or an answer that was not alive).',
    'doctor.check.reset.cause':
      'A connection nginx made on its own, for no request, was reset by the other side ({err}), {times} (the first at {when}). nginx writes such a line, with no client and no request, for the connections of an active health check: tengine\'s upstream check module (or nginx built with nginx_upstream_check_module) connects to each server of its upstreams every check interval, and counts a reset as a failed check. The line does not name the server; the "check ... with peer" lines near it do.',
    'doctor.check.reset.fix':
      'If browsers get their answers (no 502 in the access log) and no "disable check peer" line follows, nothing needs to be done: a server that closes idle connections with a reset fails a check now and then. If a server is marked down, make it answer the check\'s request (check_http_send) before it closes the connection, or check it with type=tcp; a firewall or load balancer between that resets idle connections needs an idle timeout longer than the check interval.',
  },
  'zh-CN': {
    'doctor.unix.appServer': '应用服务',
    'doctor.unix.service': '服务',
    'doctor.unix.poolListen': 'pool 文件中的 listen =，即 /etc/php/*/fpm/pool.d/www.conf',
    'doctor.unix.socketOption': '它的 socket 选项',
    'doctor.unix.missing':
      'nginx 连不上 unix 套接字 {socket}（{err}）{times}：套接字文件不存在，所以 {service} 没有运行，或者它监听的是另一个路径（名字里的 PHP 版本不同，或者用的是 listen = 127.0.0.1:9000），或者 nginx 运行在另一个容器里或开启了 PrivateTmp，看到的是另一个 /tmp。',
    'doctor.unix.missingFix': '启动 {service}（例如 "systemctl status php8.2-fpm"），并让 nginx 的 *_pass 中的路径与它的 "listen" 设置一致（{setting}）。{pointer}',
    'doctor.unix.denied': 'nginx 的工作进程没有权限连接 unix 套接字 {socket}（{err}）{times}：套接字文件（或它上层的某个目录）属于别的用户或组，不是 nginx 的，或者 SELinux 禁止了。',
    'doctor.unix.deniedFix':
      '让 nginx 的用户能访问这个套接字：在 PHP-FPM 的 pool 中把 listen.owner 和 listen.group 设为 nginx 的用户（Debian 上是 www-data，Fedora 上是 nginx），并设 listen.mode = 0660，或者把这个用户加入套接字所属的组；开启 SELinux 的系统上查看 "ausearch -m avc"。然后重启 {service}。{pointer}',
    'doctor.unix.full': 'unix 套接字 {socket} 的等待队列满了，拒绝了新连接（{err}）{times}：{service} 有一段时间没有空闲的工作进程（都在处理慢请求），所以 nginx 响应了 502。',
    'doctor.unix.fullFix': '找出是什么让 {service} 的工作进程一直忙（看它的慢日志）；给它更多工作进程（PHP-FPM 是 pm.max_children）或更长的等待队列（listen.backlog，以及 net.core.somaxconn）。{pointer}',
    'doctor.unix.other': 'nginx 连不上 unix 套接字 {socket}（{err}）{times}：套接字文件存在，但 {service} 没有在上面接受连接（{why}）。',
    'doctor.unix.leftBehind': '它被停止或崩溃了，留下了这个文件',
    'doctor.unix.seeErrno': '见 errno',
    'doctor.unix.otherFix': '重启 {service}，并查看它在 {when} 前后的日志。{pointer}',

    'doctor.php.unknown.why':
      'PHP-FPM 在 nginx 通过 SCRIPT_FILENAME 给它的路径上找不到 PHP 文件：nginx 传的 root 不是文件所在的位置（nginx 和 PHP-FPM 在不同的容器里，两边的 root 不一样），或者请求的 .php 文件不存在',
    'doctor.php.unknown.fix':
      '按 PHP-FPM 看到的路径来传："fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;"，并且这个 root 在 PHP-FPM 的容器或机器上也要存在；在 .php 的 location 中用 "try_files $uri =404;" 先处理不存在的文件。',
    'doctor.php.open.why': 'PHP-FPM 打不开 nginx 指定的脚本（路径错了，或者 PHP-FPM 的用户没有读权限）',
    'doctor.php.open.fix': '检查 PHP-FPM 运行的地方是否有这个文件，它的用户（pool 中的 "user"）能否读取这个文件和上层的每个目录；如果路径错了，就改 nginx 中的 root / SCRIPT_FILENAME。',
    'doctor.php.ext.why': 'PHP-FPM 拒绝运行不以 .php 结尾的文件（security.limit_extensions）：nginx 把 /image.jpg/x.php 这样的路径或 .html 文件交给了 PHP',
    'doctor.php.ext.fix': '只把 .php 文件交给 PHP-FPM（"location ~ \\.php$" 加上 "try_files $uri =404;"）；如果它确实是 PHP，就在 pool 的 security.limit_extensions 中加上这个扩展名。',
    'doctor.php.memory.why': 'PHP 脚本用完了它的 memory_limit',
    'doctor.php.memory.fix': '在 php.ini（或 pool 的 php_admin_value[memory_limit]）中调大 memory_limit，或者让脚本少用内存。',
    'doctor.php.time.why': 'PHP 脚本的运行时间超过了 max_execution_time，被停止了',
    'doctor.php.time.fix': '找出脚本为什么慢；只有它确实要运行这么久，才调大 max_execution_time（以及 nginx 的 fastcgi_read_timeout）。',
    'doctor.php.fatal.why': 'PHP 应用在处理请求时出现致命错误，所以 PHP-FPM 响应了 500（或者根本没有响应）',
    'doctor.php.fatal.fix': '修正它引用的 PHP 错误（文件和行号在消息里）；这是应用的问题，不是 nginx 的。',
    'doctor.php.warning.why': 'PHP 应用在 stderr 上输出了警告或提示；请求本身很可能是成功的',
    'doctor.php.warning.fix': 'nginx 这边无需处理：在 PHP 代码中修正或关闭这个警告（php.ini 中的 display_errors/log_errors 决定它们输出到哪里）。',
    'doctor.php.other.why': '这是 PHP 应用或 PHP-FPM 自己的消息，不是 nginx 的',
    'doctor.php.other.fix': '读一下这条消息：它来自 PHP（应用或 PHP-FPM），所以要改的是 PHP 代码或 pool 的设置，不是 nginx。',
    'doctor.php.cause': 'PHP-FPM 把 "{quoted}" 写到了它的 stderr，nginx 把它原样记了下来{times}：{why}。',

    'doctor.check.timeout': '没有在 check 的超时时间内回应健康检查',
    'doctor.check.protocol': '对 {proto} 健康检查的回应不被 check_http_expect_alive 算作存活（默认要 2xx 或 3xx 状态）',
    'doctor.check.down': '连续多次（check 的 "fall" 次数）没有通过健康检查',
    'doctor.check.cause':
      'tengine 的 upstream 健康检查模块（或编译了 nginx_upstream_check_module 的 nginx）发现 {peer} 不可用：它{what}，共 {times}（第一次在 {when}）。nginx 不会把请求发给被检查标记为 down 的 server，所以请求会发到这个 upstream 的其他 server，一个都不剩时就得到 502；健康检查的日志行会出现在请求失败之前。',
    'doctor.check.timeoutFix': '启动 {peer} 上的服务，或者让它在 check 的超时时间内回应 check_http_send 的请求（upstream 中 "check interval=… timeout=…" 这一行）。',
    'doctor.check.protocolFix':
      '让 {peer} 用 check_http_expect_alive 接受的状态回应 check_http_send 的请求（通常是 "HEAD / HTTP/1.0"），或者让 check_http_send 请求一个会这样回应的路径（例如健康检查接口 /actuator/health）。',
    'doctor.check.downFix': '启动 {peer} 上的服务；这一行之前的日志说明了检查是怎么失败的（超时，或者回应不算存活）。',
    'doctor.check.reset.cause':
      'nginx 自己发起的一个连接（不属于任何请求）被对方重置了（{err}），{times}（第一次在 {when}）。没有客户端、也没有请求的这种行，是主动健康检查的连接写的：tengine 的 upstream 健康检查模块（或者编译了 nginx_upstream_check_module 的 nginx）每个检查间隔都会连接上游的每台服务器，并把重置算作一次检查失败。这一行没有写是哪台服务器：它附近的 "check ... with peer" 行会写。',
    'doctor.check.reset.fix':
      '如果浏览器都得到了响应（access log 中没有 502），并且后面没有 "disable check peer" 行，就不需要处理：用重置关闭空闲连接的服务器偶尔会有一次检查失败。如果某台服务器被标记为下线，让它在关闭连接之前响应检查的请求（check_http_send），或者改用 type=tcp 检查；中间的防火墙或负载均衡器如果会重置空闲连接，把它的空闲超时设得比检查间隔长。',
  },
});
