// The words upstream.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.upstream.admin': 'the admin server',
    'doctor.upstream.fastcgi': 'PHP-FPM (the FastCGI server)',
    'doctor.upstream.uwsgi': 'the uWSGI server',
    'doctor.upstream.scgi': 'the SCGI server',
    'doctor.upstream.ajp': "Tomcat's AJP connector",
    'doctor.upstream.grpc': 'the gRPC server',
    'doctor.upstream.its': "{it}'s",
    'doctor.upstream.talking': 'talking to it',
    'doctor.upstream.docker': '; nginx runs in a Docker container (its clients come from 172.x), where 127.0.0.1 is the container itself, not the machine the admin server runs on',
    'doctor.upstream.probeWindows': '"Test-NetConnection {target}" in PowerShell',

    'doctor.proxyLoop.refused': 'its try on {peers} was refused because nginx itself listens there on IPv4 only',
    'doctor.proxyLoop.arrived.one': '{requests} ("{request}") came back to nginx and was looked up as the file {path} (404)',
    'doctor.proxyLoop.arrived.other': '{requests} ("{request}") came back to nginx and were looked up as the file {path} (404)',
    'doctor.proxyLoop.and': ', and ',
    'doctor.proxyLoop.ownPort': 'its own port',
    'doctor.proxyLoop.thatPort': '<that port>',
    'doctor.proxyLoop.cause': 'nginx is proxying to itself: it listens on {port} and proxy_pass sends /api/ requests to localhost:{target}, so {parts}.',
    'doctor.proxyLoop.fix8080':
      'Leave 8080 to the admin server: change nginx\'s "listen 8080" to a port nothing else uses (e.g. 8081, or 80 if Windows lets nginx have it) and keep proxy_pass http://localhost:8080/admin/, then restart nginx and start the admin server.',
    'doctor.proxyLoop.fix': 'Point proxy_pass at the admin server\'s own port (http://localhost:8080/admin/ unless you changed server.port), not at nginx\'s own {port}, then run "nginx -s reload".',

    'doctor.refused.both': 'both [::1] and 127.0.0.1 refused',
    'doctor.refused.everyTry': '{peer} refused on every try',
    'doctor.refused.allFailed': 'every address failed in this run',
    'doctor.refused.browserGot': '{peer} refused and the browser got {statuses}',
    'doctor.refused.ev.noLive': 'the other address had failed just before: no live upstreams',
    'doctor.refused.ev.bothLoopbacks': 'both loopbacks refused in the same request',
    'doctor.refused.ev.bothTries': 'both tries of the request refused',
    'doctor.refused.ev.cut': 'the line is cut before the address nginx tried',
    'doctor.refused.ev.onlyAddress': 'its only address refused',
    'doctor.refused.ev.refusedToo': '{peer} refused too on line {no}',
    'doctor.refused.ev.noLiveOn': 'no live upstreams on line {no}',
    'doctor.refused.ev.singlePeer': "no other address was tried: if {peer} is the only server of this location's upstream, as in the course's conf, nothing runs there",
    'doctor.refused.ev.endsBeforeRetry': 'the log ends before the retry on the other address',
    'doctor.refused.ev.noOtherRefusal': 'no refusal of the other address followed',
    'doctor.refused.notRunning.one': "Nothing accepts connections on port {port}: nginx's try on {peers} was refused ({evidence}), so {request} got 502 Bad Gateway{inferred}{windows}{docker}.",
    'doctor.refused.notRunning.other': "Nothing accepts connections on port {port}: nginx's {tries} on {peers} were refused ({evidence}), so {request} got 502 Bad Gateway{inferred}{windows}{docker}.",
    'doctor.refused.inferred': ' (inferred: the access log, given with --access, would show it)',
    'doctor.refused.windows': ', after about {s} s on Windows (each refused try takes ~2 s)',
    'doctor.refused.fixDocker':
      'nginx runs in Docker, so 127.0.0.1:{port} is the container itself: proxy to host.docker.internal:{port} (on Linux add extra_hosts: ["host.docker.internal:host-gateway"]) or to the admin server\'s service name in the same compose network, and make sure the admin server runs on {port}.',
    'doctor.refused.fixStart': 'Start {server} on {port} ({which}); nginx tries it again 10 s after these failures.',
    'doctor.refused.fixStartAdmin': 'Start the admin server on {port} ({which}) and wait for "Tomcat started on port {port}" before logging in; nginx tries it again 10 s after these failures.',
    'doctor.refused.ipv4': "The admin server listens on IPv4 only: nginx's try on [::1]:{port} was refused and its retry on 127.0.0.1:{port} reached the server ({evidence}), so {request} worked{wait}.",
    'doctor.refused.ipv4Wait': ' but waited about 2 s for the refused try',
    'doctor.refused.ipv4Fix': 'Make the admin server listen on both loopbacks (remove server.address from application.yml, drop -Djava.net.preferIPv4Stack=true), or write proxy_pass http://127.0.0.1:{port}/admin/; so nginx never tries [::1].',
    'doctor.refused.ipv6Answered':
      "Only 127.0.0.1:{port} was refused and the request was answered ({evidence}). Inferred: nginx's retry went to [::1]:{port}, so the admin server listens on IPv6 only. If proxy_pass names an upstream { } with other servers, the retry went to one of them instead: give the conf with --conf to tell.",
    'doctor.refused.ipv6':
      "Only 127.0.0.1:{port} was refused and nginx's retry on [::1]:{port} went through ({evidence}): the admin server listens on IPv6 only (or, if localhost resolves to 127.0.0.1 alone on this machine, it is not running).",
    'doctor.refused.ipv6FixAnswered': 'Make the admin server listen on IPv4 too (no server.address, or 0.0.0.0), or write proxy_pass http://[::1]:{port}/admin/; so nginx never tries 127.0.0.1.',
    'doctor.refused.ipv6Fix': 'Make the admin server listen on IPv4 too (no server.address, or 0.0.0.0) or write proxy_pass http://[::1]:{port}/admin/;, and if it is not running, start it on {port}.',
    'doctor.refused.undetermined':
      "nginx's try on {peers} for {request} was refused and the log ends before its retry on {other}, so the admin server on {port} is either not running or listens on {family} only.",
    'doctor.refused.undeterminedCut':
      "nginx's try for {request} was refused, but the line is cut before the address it tried, so whether the admin server on {port} is not running or listens on one of IPv4 and IPv6 only cannot be told.",
    'doctor.refused.undeterminedFix':
      'Start the admin server on {port}; if it is running, make it listen on both [::1] and 127.0.0.1 (no server.address in application.yml) or write proxy_pass http://127.0.0.1:{port}/admin/;.',

    'doctor.noLive.failWindow': 'upstream {name} at {at} leaves a server out for {s} s after {failures}: max_fails={maxFails}, fail_timeout={s}s',
    'doctor.noLive.defaults': 'nginx marks a peer failed for 10 s after one error: max_fails=1, fail_timeout=10s, its defaults where the conf sets none',
    'doctor.noLive.seconds': '{s} s',
    'doctor.noLive.onPort': ' on {port}',
    'doctor.noLive.morePaths': ', ... ({n} paths)',
    'doctor.noLive.cause': 'Every address of the admin server{onPort} had just failed ({rule}), so nginx answered {requests} ({shown}) with 502 at once without trying{docker}.',
    'doctor.noLive.fixDocker':
      "Make nginx reach the admin server from its container (host.docker.internal:{port}, or the admin server's service name) and make sure it runs; nginx tries it again {again} after the last failure.",
    'doctor.noLive.fix': 'Start the admin server{onPort} (the refused or timed-out tries before these lines say why it failed); nginx tries it again {again} after the last failure, no nginx restart needed.',

    'doctor.unreachable.cause':
      "nginx could not reach {peers} at all ({err}): the network reports no route to that address, so the host is down or not on a network nginx's machine can reach, or a firewall rejects the packets{docker}; {request} got 502 Bad Gateway.",
    'doctor.unreachable.docker': '; in a container, an address of another network (or of the host) is not reachable as it is from the host',
    'doctor.unreachable.fix':
      "Check that the address in proxy_pass is the one the service runs on now (a container's IP changes when it is recreated: use its service name) and that nginx's machine reaches it ({probe} from there).{pointer}",
    'doctor.connectTimeout.cause':
      'nginx could not open a TCP connection to {peers} within {m}_connect_timeout (60 s by default): nothing answered, not even a refusal, so the address is wrong or unreachable, or a firewall drops the packets{every}; the connect timeout is not the read timeout: the service never got the request.',
    'doctor.connectTimeout.every': ' (on every address)',
    'doctor.connectTimeout.fix':
      "Check that {m}_pass names the machine and port where the service runs (127.0.0.1 or localhost for this machine) and that no firewall or security group drops port {port} ({probe} from nginx's machine).{pointer}",

    'doctor.timeout.admin': 'The admin server',
    'doctor.timeout.upstream': 'The upstream',
    'doctor.timeout.retried': ', neither on {first} nor when nginx retried it on {last}',
    'doctor.timeout.notSet': ' In your conf: {name} is not set for this request (60 s); it would go in {at}.',
    'doctor.timeout.read': '{server} ({peers}) accepted {request} but did not answer within {m}_read_timeout (60 s by default){retried}: stopped at a breakpoint? a slow query?',
    'doctor.timeout.readFixAdmin':
      'Look at the admin server around {when}: resume a debugger paused at a breakpoint, or find the slow SQL or lock in its log. If its log repeats "Communications link failure" or "Access denied", MySQL is down or refuses it: the course\'s server then waits for a database connection without limit, and "harness doctor" on its log says the fix. Only if the request really needs longer, raise {m}_read_timeout in location /api/.{pointer}',
    'doctor.timeout.readFix':
      'Look at the upstream service around {when}: resume a debugger paused at a breakpoint, or find the slow SQL or lock in its log; only if the request really needs longer, raise {m}_read_timeout in its location.{pointer}',
    'doctor.timeout.stoppedReading': "{server} ({peers}) stopped reading in the middle of {request} for longer than nginx's timeout (60 s) while {action}.",
    'doctor.timeout.stoppedSending': "{server} ({peers}) stopped sending in the middle of {request} for longer than nginx's timeout (60 s) while {action}.",
    'doctor.timeout.stallFix': "Look at {its} log around {when} for a stall (breakpoint, GC pause, slow query), then retry.{pointer}",

    'doctor.closed.cause.header':
      '{server} ({peers}) accepted {request} and closed the connection without a response: it crashed, was restarted (IDE or DevTools restart) or stopped during the request, or port {port} belongs to a program that is not the admin server.',
    'doctor.closed.cause.body':
      '{server} ({peers}) accepted {request} and closed the connection without finishing the response: it crashed, was restarted (IDE or DevTools restart) or stopped during the request, or port {port} belongs to a program that is not the admin server.',
    'doctor.closed.fix': 'Look at {its} console or log around {when} for an exception or a restart, and check with "{tool}" that port {port} is {its}.',

    'doctor.reset.ws': 'The WebSocket {path} between nginx and the admin server ({peers}) was cut by the admin server ({err}), which is what happens when the admin server stops or restarts.',
    'doctor.reset.wsFix': 'Nothing to do if you stopped or restarted the admin server around {when} (the page reconnects); otherwise look at its log for that time.',
    'doctor.reset.cause': '{server} ({peers}) dropped the connection ({err}) while nginx was {action} for {request}: it was stopped, restarted or crashed during the request{sending}.',
    'doctor.reset.sending':
      ", or it refused the request's body before reading all of it (an upload above its own limit: Spring Boot's spring.servlet.multipart.max-file-size is 1MB by default) and closed while nginx was still sending",
    'doctor.reset.fix': 'Check {its} console or log around {when} for a restart or an exception, and retry once it runs steadily.',
  },
  'zh-CN': {
    'doctor.upstream.admin': '后端服务',
    'doctor.upstream.fastcgi': 'PHP-FPM（FastCGI 服务）',
    'doctor.upstream.uwsgi': 'uWSGI 服务',
    'doctor.upstream.scgi': 'SCGI 服务',
    'doctor.upstream.ajp': 'Tomcat 的 AJP 连接器',
    'doctor.upstream.grpc': 'gRPC 服务',
    'doctor.upstream.its': '{it}的',
    'doctor.upstream.talking': '与它通信',
    'doctor.upstream.docker': '；nginx 运行在 Docker 容器里（客户端地址是 172.x），容器里的 127.0.0.1 是容器自己，不是运行后端服务的那台机器',
    'doctor.upstream.probeWindows': 'PowerShell 中的 "Test-NetConnection {target}"',

    'doctor.proxyLoop.refused': '它对 {peers} 的连接被拒绝，因为 nginx 自己在那里只监听 IPv4',
    'doctor.proxyLoop.arrived.one': '{requests}（"{request}"）又回到了 nginx，被当作文件 {path} 查找（404）',
    'doctor.proxyLoop.arrived.other': '{requests}（"{request}"）又回到了 nginx，被当作文件 {path} 查找（404）',
    'doctor.proxyLoop.and': '；同时，',
    'doctor.proxyLoop.ownPort': '端口',
    'doctor.proxyLoop.thatPort': '<那个端口>',
    'doctor.proxyLoop.cause': 'nginx 在代理到它自己：它监听{port}，而 proxy_pass 把 /api/ 请求发到 localhost:{target}，所以{parts}。',
    'doctor.proxyLoop.fix8080':
      '把 8080 留给后端服务：把 nginx 的 "listen 8080" 改成一个没被占用的端口（例如 8081，或者 Windows 允许时用 80），proxy_pass 保持 http://localhost:8080/admin/，然后重启 nginx 并启动后端服务。',
    'doctor.proxyLoop.fix': '让 proxy_pass 指向后端服务自己的端口（没改过 server.port 的话就是 http://localhost:8080/admin/），不要指向 nginx 自己的{port}，然后运行 "nginx -s reload"。',

    'doctor.refused.both': '[::1] 和 127.0.0.1 都拒绝了连接',
    'doctor.refused.everyTry': '{peer} 每次都拒绝了连接',
    'doctor.refused.allFailed': '这次运行中每个地址都失败了',
    'doctor.refused.browserGot': '{peer} 拒绝了连接，浏览器得到 {statuses}',
    'doctor.refused.ev.noLive': '另一个地址刚刚已经失败：no live upstreams',
    'doctor.refused.ev.bothLoopbacks': '同一个请求中两个回环地址都拒绝了连接',
    'doctor.refused.ev.bothTries': '这个请求的两次尝试都被拒绝',
    'doctor.refused.ev.cut': '这一行在 nginx 尝试的地址之前就被截断了',
    'doctor.refused.ev.onlyAddress': '它唯一的地址拒绝了连接',
    'doctor.refused.ev.refusedToo': '{peer} 在第 {no} 行也拒绝了连接',
    'doctor.refused.ev.noLiveOn': '第 {no} 行是 no live upstreams',
    'doctor.refused.ev.singlePeer': '没有尝试其他地址：如果 {peer} 是这个 location 的 upstream 中唯一的 server（课程的配置就是这样），那里没有程序在运行',
    'doctor.refused.ev.endsBeforeRetry': '日志在重试另一个地址之前就结束了',
    'doctor.refused.ev.noOtherRefusal': '之后没有另一个地址的拒绝',
    'doctor.refused.notRunning.one': '端口 {port} 上没有程序接受连接：nginx 对 {peers} 的连接被拒绝了（{evidence}），所以 {request} 得到 502 Bad Gateway{inferred}{windows}{docker}。',
    'doctor.refused.notRunning.other': '端口 {port} 上没有程序接受连接：nginx 对 {peers} 的 {tries}都被拒绝了（{evidence}），所以 {request} 得到 502 Bad Gateway{inferred}{windows}{docker}。',
    'doctor.refused.inferred': '（推断：用 --access 给出访问日志就能确认）',
    'doctor.refused.windows': '，在 Windows 上大约等了 {s} 秒（每次被拒绝的连接约耗时 2 秒）',
    'doctor.refused.fixDocker':
      'nginx 运行在 Docker 里，127.0.0.1:{port} 是容器自己：请代理到 host.docker.internal:{port}（Linux 上还要加 extra_hosts: ["host.docker.internal:host-gateway"]），或代理到同一个 compose 网络中后端服务的服务名，并确认后端服务运行在 {port}。',
    'doctor.refused.fixStart': '在 {port} 上启动{server}（{which}）；nginx 会在这些失败 10 秒后再次尝试。',
    'doctor.refused.fixStartAdmin': '在 {port} 上启动后端服务（{which}），等日志出现 "Tomcat started on port {port}" 再登录；nginx 会在这些失败 10 秒后再次尝试。',
    'doctor.refused.ipv4': '后端服务只在 IPv4 上监听：nginx 对 [::1]:{port} 的连接被拒绝，重试 127.0.0.1:{port} 时连上了（{evidence}），所以 {request} 成功了{wait}。',
    'doctor.refused.ipv4Wait': '，但为那次被拒绝的连接多等了约 2 秒',
    'doctor.refused.ipv4Fix': '让后端服务同时监听两个回环地址（去掉 application.yml 里的 server.address，去掉 -Djava.net.preferIPv4Stack=true），或者写 proxy_pass http://127.0.0.1:{port}/admin/;，这样 nginx 就不会去试 [::1]。',
    'doctor.refused.ipv6Answered':
      '只有 127.0.0.1:{port} 拒绝了连接，而请求得到了回应（{evidence}）。推断：nginx 重试时连的是 [::1]:{port}，所以后端服务只在 IPv6 上监听。如果 proxy_pass 指向的 upstream { } 里还有别的 server，重试的就是其中之一：用 --conf 给出配置就能确定。',
    'doctor.refused.ipv6': '只有 127.0.0.1:{port} 拒绝了连接，nginx 重试 [::1]:{port} 成功了（{evidence}）：后端服务只在 IPv6 上监听（如果这台机器上 localhost 只解析到 127.0.0.1，那就是后端服务没有运行）。',
    'doctor.refused.ipv6FixAnswered': '让后端服务也监听 IPv4（不设 server.address，或设为 0.0.0.0），或者写 proxy_pass http://[::1]:{port}/admin/;，这样 nginx 就不会去试 127.0.0.1。',
    'doctor.refused.ipv6Fix': '让后端服务也监听 IPv4（不设 server.address，或设为 0.0.0.0），或者写 proxy_pass http://[::1]:{port}/admin/;；如果它没有运行，就在 {port} 上启动它。',
    'doctor.refused.undetermined': 'nginx 为 {request} 对 {peers} 的连接被拒绝，日志在重试 {other} 之前就结束了，所以 {port} 上的后端服务要么没有运行，要么只在 {family} 上监听。',
    'doctor.refused.undeterminedCut': 'nginx 为 {request} 的连接被拒绝，但这一行在它尝试的地址之前被截断了，所以无法判断 {port} 上的后端服务是没有运行，还是只监听 IPv4 和 IPv6 中的一个。',
    'doctor.refused.undeterminedFix': '在 {port} 上启动后端服务；如果它已经在运行，让它同时监听 [::1] 和 127.0.0.1（application.yml 里不设 server.address），或者写 proxy_pass http://127.0.0.1:{port}/admin/;。',

    'doctor.noLive.failWindow': '{at} 的 upstream {name} 在 {failures}后把 server 排除 {s} 秒：max_fails={maxFails}，fail_timeout={s}s',
    'doctor.noLive.defaults': 'nginx 在一次错误后把这个地址标记为失败 10 秒：max_fails=1，fail_timeout=10s，这是配置没有设置时的默认值',
    'doctor.noLive.seconds': '{s} 秒',
    'doctor.noLive.onPort': '（端口 {port}）',
    'doctor.noLive.morePaths': '、…（共 {n} 个路径）',
    'doctor.noLive.cause': '后端服务{onPort}的每个地址都刚刚失败过（{rule}），所以 nginx 没有尝试连接，直接用 502 响应了 {requests}（{shown}）{docker}。',
    'doctor.noLive.fixDocker': '让 nginx 从容器里能连到后端服务（host.docker.internal:{port}，或后端服务的服务名），并确认它在运行；nginx 会在最后一次失败 {again}后再次尝试。',
    'doctor.noLive.fix': '启动后端服务{onPort}。这几行之前被拒绝或超时的连接说明了它为什么失败；nginx 会在最后一次失败 {again}后再次尝试，不需要重启 nginx。',

    'doctor.unreachable.cause':
      'nginx 完全连不到 {peers}（{err}）：网络报告没有到这个地址的路由，说明那台主机没开、不在 nginx 所在机器能到达的网络里，或者防火墙拒绝了数据包{docker}；{request} 得到 502 Bad Gateway。',
    'doctor.unreachable.docker': '；在容器里，其他网络（或宿主机）的地址不能像在宿主机上那样访问',
    'doctor.unreachable.fix': '检查 proxy_pass 中的地址是不是服务现在运行的地址（容器重建后 IP 会变：请用服务名），以及 nginx 所在的机器能否连到它（在那台机器上运行 {probe}）。{pointer}',
    'doctor.connectTimeout.cause':
      'nginx 在 {m}_connect_timeout（默认 60 秒）内无法与 {peers} 建立 TCP 连接：没有任何回应，连拒绝都没有，所以地址错了或不可达，或者防火墙丢弃了数据包{every}；这是连接超时，不是读取超时：服务根本没有收到请求。',
    'doctor.connectTimeout.every': '（每个地址都是这样）',
    'doctor.connectTimeout.fix': '检查 {m}_pass 写的是不是服务所在的机器和端口（本机用 127.0.0.1 或 localhost），以及有没有防火墙或安全组丢弃端口 {port} 的数据包（在 nginx 所在的机器上运行 {probe}）。{pointer}',

    'doctor.timeout.admin': '后端服务',
    'doctor.timeout.upstream': '上游',
    'doctor.timeout.retried': '，在 {first} 上和 nginx 重试 {last} 时都是这样',
    'doctor.timeout.notSet': ' 你的配置中：这个请求没有设置 {name}（即 60 秒）；它应该加在 {at}。',
    'doctor.timeout.read': '{server}（{peers}）接受了 {request}，但在 {m}_read_timeout（默认 60 秒）内没有回应{retried}：停在断点上了？还是有慢查询？',
    'doctor.timeout.readFixAdmin':
      '查看后端服务在 {when} 前后的情况：如果调试器停在断点上就让它继续运行，或者在它的日志里找慢 SQL 或锁。如果它的日志里反复出现 \"Communications link failure\" 或 \"Access denied\"，说明 MySQL 没有运行或者拒绝了它：课程的后端服务这时会一直等数据库连接，不会超时；对它的日志运行 "harness doctor" 会告诉你怎么办。只有这个请求确实需要更长时间，才在 location /api/ 中调大 {m}_read_timeout。{pointer}',
    'doctor.timeout.readFix':
      '查看上游服务在 {when} 前后的情况：如果调试器停在断点上就让它继续运行，或者在它的日志里找慢 SQL 或锁；只有这个请求确实需要更长时间，才在它的 location 中调大 {m}_read_timeout。{pointer}',
    'doctor.timeout.stoppedReading': '{server}（{peers}）在 {request} 进行到一半时停止读取，超过了 nginx 的超时时间（60 秒），当时 nginx 正在 "{action}"。',
    'doctor.timeout.stoppedSending': '{server}（{peers}）在 {request} 进行到一半时停止发送，超过了 nginx 的超时时间（60 秒），当时 nginx 正在 "{action}"。',
    'doctor.timeout.stallFix': '查看{its}日志在 {when} 前后有没有卡住（断点、GC 停顿、慢查询），然后重试。{pointer}',

    'doctor.closed.cause.header':
      '{server}（{peers}）接受了 {request}，但没有回应就关闭了连接：它在请求过程中崩溃了、被重启了（IDE 或 DevTools 重启）或被停止了，或者端口 {port} 被一个不是后端服务的程序占用。',
    'doctor.closed.cause.body':
      '{server}（{peers}）接受了 {request}，但没有完成回应就关闭了连接：它在请求过程中崩溃了、被重启了（IDE 或 DevTools 重启）或被停止了，或者端口 {port} 被一个不是后端服务的程序占用。',
    'doctor.closed.fix': '查看{its}控制台或日志在 {when} 前后有没有异常或重启，并用 "{tool}" 确认占用端口 {port} 的是{its}进程。',

    'doctor.reset.ws': 'nginx 与后端服务之间的 WebSocket {path}（{peers}）被后端服务断开了（{err}），后端服务停止或重启时就会这样。',
    'doctor.reset.wsFix': '如果你在 {when} 前后停止或重启过后端服务，就无需处理（页面会重新连接）；否则查看它那个时间的日志。',
    'doctor.reset.cause': '{server}（{peers}）在 nginx 为 {request} "{action}" 时断开了连接（{err}）：它在请求过程中被停止、重启或崩溃了{sending}。',
    'doctor.reset.sending':
      '，或者它没读完请求体就拒绝了（上传超过了它自己的限制：Spring Boot 的 spring.servlet.multipart.max-file-size 默认是 1MB），在 nginx 还在发送时关闭了连接',
    'doctor.reset.fix': '查看{its}控制台或日志在 {when} 前后有没有重启或异常，等它稳定运行后再重试。',
  },
});
