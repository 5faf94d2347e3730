// The words access-findings.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'doctor.access.lines.one': 'access log line {ranges}{more}',
    'doctor.access.lines.other': 'access log lines {ranges}{more}',
    'doctor.access.more': ' and {n} more',
    'doctor.access.itsPass': 'its proxy_pass',
    'doctor.slash.cause.one':
      '{request} got 404 ({lines}): {pass} replaces the location\'s "{prefix}" ({loc}) with "{passUri}", byte for byte, so nginx sent {uri} to {server} as {sent}{how}, and the 404 is that server\'s answer to a path it has no handler for (nginx passes a proxied answer on and writes no error line for it).',
    'doctor.slash.cause.other':
      '{n} requests under {prefix} ({request} the first) got 404 ({lines}): {pass} replaces the location\'s "{prefix}" ({loc}) with "{passUri}", byte for byte, so nginx sent {uri} to {server} as {sent}{how}, and the 404 is that server\'s answer to a path it has no handler for (nginx passes a proxied answer on and writes no error line for it).',
    'doctor.slash.missing': ' (no slash between "{passUri}" and the rest)',
    'doctor.slash.extra': ' (two slashes)',
    'doctor.slash.fixMissing': 'End proxy_pass\'s URI with a slash, as the location ends with one: change {pass} to "{fixed}", then run "nginx -s reload".',
    'doctor.slash.fixExtra': 'Make both end alike: change {pass} to "{fixed}" (or end the location with a slash), then run "nginx -s reload".',
    'doctor.unauthorized.none':
      'no successful login (POST /api/employee/login 200) from this client comes before them in the access log, so the pages most likely sent no token (opened without logging in, or after the browser lost it)',
    'doctor.unauthorized.expired':
      "this client's last login in the access log was {h} h before, longer than the admin token's 2 h life (sky.jwt.admin-ttl), so the token most likely expired",
    'doctor.unauthorized.recent':
      'a client at this address logged in less than 2 h before, so its token had not expired; the request most likely came without it (another tool or tab: curl or Postman without the "token" header) or with a token the server cannot verify (signed before a restart with another sky.jwt.admin-secret-key)',
    'doctor.unauthorized.many': '{n} admin API requests ({request} the first)',
    'doctor.unauthorized.cause':
      'The admin server refused {what} with 401 ({lines}): its token interceptor answers 401 when the "token" header is missing or does not verify. The access log does not show headers; inferred: {reason}.',
    'doctor.unauthorized.fixRecent':
      'Send the token the login returned in the "token" header (the admin pages do it once logged in); if the pages themselves get 401 right after a login, log in again and check that sky.jwt.admin-secret-key did not change.',
    'doctor.unauthorized.fix': 'Log in again (admin / 123456 in the course), then repeat the request: the admin pages send the new token in the "token" header.',
    'doctor.accessTooLarge.at': 'client_max_body_size at {at}',
    'doctor.accessTooLarge.notSet': 'client_max_body_size, not set for this request (1m by default)',
    'doctor.accessTooLarge.default': 'client_max_body_size (1m by default)',
    'doctor.accessTooLarge.ours.one':
      '{request} got 413 ({lines}) with a {bytes}-byte body, the size of nginx\'s own 413 page: nginx refused the body as larger than {where}. This error log has no "client intended to send too large body" line for it, so nginx logged it elsewhere (inferred): an error_log of the server or location, or a level above error.',
    'doctor.accessTooLarge.ours.other':
      '{n} uploads ({request} the first) got 413 ({lines}) with a {bytes}-byte body, the size of nginx\'s own 413 page: nginx refused the body as larger than {where}. This error log has no "client intended to send too large body" line for them, so nginx logged it elsewhere (inferred): an error_log of the server or location, or a level above error.',
    'doctor.accessTooLarge.theirs.one':
      "{request} got 413 ({lines}) with a {bytes}-byte body, not nginx's own page, and no error line: inferred, the server behind nginx refused the body itself (Spring Boot: spring.servlet.multipart.max-file-size, 1MB by default).",
    'doctor.accessTooLarge.theirs.other':
      "{n} uploads ({request} the first) got 413 ({lines}) with a {bytes}-byte body, not nginx's own page, and no error line: inferred, the server behind nginx refused the body itself (Spring Boot: spring.servlet.multipart.max-file-size, 1MB by default).",
    'doctor.accessTooLarge.addTo': 'client_max_body_size: add it to {at}',
    'doctor.accessTooLarge.fix': 'Raise {what} above the largest upload (e.g. 10m), then run "nginx -s reload".',
    'doctor.accessTooLarge.fixTheirs': "Raise the server's own limit (spring.servlet.multipart.max-file-size and max-request-size in application.yml) and restart it.",
    'doctor.gaveUp.at': 'proxy_read_timeout at {at}',
    'doctor.gaveUp.default': 'proxy_read_timeout (60 s by default)',
    'doctor.gaveUp.after': "after {range} s ($request_time), before nginx's {timeout} ran out (inferred: a timeout of the client shorter than nginx's, or a user who left the page)",
    'doctor.gaveUp.unknown': "after a time the access log does not show (add $request_time to the log_format to see it); nginx's own limit for the answer is {timeout}",
    'doctor.gaveUp.one': 'The client of {request}',
    'doctor.gaveUp.other': 'The clients of {n} requests ({request} the first)',
    'doctor.gaveUp.cause': '{who} closed the connection before nginx answered: status 499 ({lines}), {after}.',
    'doctor.gaveUp.fix':
      "Find why the server behind nginx is slow for this request (its log at that time: a slow query, a lock, a breakpoint); raise the client's timeout only if the request is meant to take that long (the admin front end's request timeout).",
    'doctor.unlogged.elsewhere': ' Your conf has error_log at {places}: the lines are in the file the one of that server or location names.',
    'doctor.unlogged.to': ' to {time}',
    'doctor.unlogged.cause':
      '{requests} got {status} {name} ({lines}, {from}{to}) with no line of theirs in this error log. Inferred: nginx logged why in another error log (an error_log of the server or location), at a level this one does not keep, or this error log is of another nginx or another time.{elsewhere}',
    'doctor.unlogged.fix': 'Give the doctor the error log nginx wrote at that time (the error_log of the server that served {request}); it names the server that failed and how.',
  },
  'zh-CN': {
    'doctor.access.lines.one': '访问日志第 {ranges} 行{more}',
    'doctor.access.lines.other': '访问日志第 {ranges} 行{more}',
    'doctor.access.more': '，另外还有 {n} 行',
    'doctor.access.itsPass': '它的 proxy_pass',
    'doctor.slash.cause.one':
      '{request} 得到 404（{lines}）：{pass} 把 location 的 "{prefix}"（{loc}）逐字节替换成了 "{passUri}"，所以 nginx 把 {uri} 作为 {sent} 发给了 {server}{how}，这个 404 是那个服务对一个它没有处理的路径的响应（nginx 原样转发被代理服务的响应，不为它写错误日志）。',
    'doctor.slash.cause.other':
      '{prefix} 下的 {n} 个请求（第一个是 {request}）得到 404（{lines}）：{pass} 把 location 的 "{prefix}"（{loc}）逐字节替换成了 "{passUri}"，所以 nginx 把 {uri} 作为 {sent} 发给了 {server}{how}，这个 404 是那个服务对一个它没有处理的路径的响应（nginx 原样转发被代理服务的响应，不为它写错误日志）。',
    'doctor.slash.missing': '（"{passUri}" 和后面的部分之间没有斜杠）',
    'doctor.slash.extra': '（出现了两个斜杠）',
    'doctor.slash.fixMissing': '让 proxy_pass 的 URI 像 location 一样以斜杠结尾：把 {pass} 改为 "{fixed}"，然后运行 "nginx -s reload"。',
    'doctor.slash.fixExtra': '让两者的结尾一致：把 {pass} 改为 "{fixed}"（或者让 location 以斜杠结尾），然后运行 "nginx -s reload"。',
    'doctor.unauthorized.none': '访问日志中在它们之前没有这个客户端的成功登录（POST /api/employee/login 200），所以页面很可能没有发送 token（没有登录就打开了页面，或者浏览器丢了 token）',
    'doctor.unauthorized.expired': '访问日志中这个客户端最后一次登录是在 {h} 小时前，超过了管理端 token 2 小时的有效期（sky.jwt.admin-ttl），所以 token 很可能过期了',
    'doctor.unauthorized.recent':
      '这个地址的客户端不到 2 小时前登录过，所以 token 没有过期；这个请求很可能没有带 token（另一个工具或标签页：curl 或 Postman 没有加 "token" 头），或者带的 token 服务器无法验证（重启前用另一个 sky.jwt.admin-secret-key 签发的）',
    'doctor.unauthorized.many': '{n} 个管理端接口请求（第一个是 {request}）',
    'doctor.unauthorized.cause': '后端服务用 401 拒绝了 {what}（{lines}）：当 "token" 头缺失或验证不通过时，它的 token 拦截器就响应 401。访问日志不记录请求头；推断：{reason}。',
    'doctor.unauthorized.fixRecent': '在 "token" 头中发送登录返回的 token（登录后管理端页面会自动这样做）；如果页面本身在登录后马上就得到 401，请重新登录，并检查 sky.jwt.admin-secret-key 有没有变。',
    'doctor.unauthorized.fix': '重新登录（课程中是 admin / 123456），然后重试这个请求：管理端页面会在 "token" 头中发送新的 token。',
    'doctor.accessTooLarge.at': '{at} 的 client_max_body_size',
    'doctor.accessTooLarge.notSet': 'client_max_body_size（这个请求没有设置，默认是 1m）',
    'doctor.accessTooLarge.default': 'client_max_body_size（默认是 1m）',
    'doctor.accessTooLarge.ours.one':
      '{request} 得到 413（{lines}），响应体 {bytes} 字节，正是 nginx 自己的 413 页面的大小：nginx 拒绝了这个请求体，因为它超过了 {where}。这个错误日志里没有它的 "client intended to send too large body" 行，所以 nginx 把它记在了别处（推断）：server 或 location 的 error_log，或者级别高于 error。',
    'doctor.accessTooLarge.ours.other':
      '{n} 次上传（第一个是 {request}）得到 413（{lines}），响应体 {bytes} 字节，正是 nginx 自己的 413 页面的大小：nginx 拒绝了这些请求体，因为它们超过了 {where}。这个错误日志里没有它们的 "client intended to send too large body" 行，所以 nginx 把它记在了别处（推断）：server 或 location 的 error_log，或者级别高于 error。',
    'doctor.accessTooLarge.theirs.one':
      '{request} 得到 413（{lines}），响应体 {bytes} 字节，不是 nginx 自己的页面，也没有错误日志行：推断是 nginx 后面的服务自己拒绝了请求体（Spring Boot：spring.servlet.multipart.max-file-size，默认 1MB）。',
    'doctor.accessTooLarge.theirs.other':
      '{n} 次上传（第一个是 {request}）得到 413（{lines}），响应体 {bytes} 字节，不是 nginx 自己的页面，也没有错误日志行：推断是 nginx 后面的服务自己拒绝了请求体（Spring Boot：spring.servlet.multipart.max-file-size，默认 1MB）。',
    'doctor.accessTooLarge.addTo': 'client_max_body_size（加到 {at}）',
    'doctor.accessTooLarge.fix': '把 {what} 调大到超过最大的上传（例如 10m），然后运行 "nginx -s reload"。',
    'doctor.accessTooLarge.fixTheirs': '调大那个服务自己的限制（application.yml 中的 spring.servlet.multipart.max-file-size 和 max-request-size），然后重启它。',
    'doctor.gaveUp.at': '{at} 的 proxy_read_timeout',
    'doctor.gaveUp.default': 'proxy_read_timeout（默认 60 秒）',
    'doctor.gaveUp.after': '在 {range} 秒后（$request_time），nginx 的 {timeout} 还没到（推断：客户端的超时比 nginx 的短，或者用户离开了页面）',
    'doctor.gaveUp.unknown': '访问日志没有记录等了多久（在 log_format 中加上 $request_time 就能看到）；nginx 自己等待回应的上限是 {timeout}',
    'doctor.gaveUp.one': '{request} 的客户端',
    'doctor.gaveUp.other': '{n} 个请求（第一个是 {request}）的客户端',
    'doctor.gaveUp.cause': '{who}在 nginx 回应之前关闭了连接：状态 499（{lines}），{after}。',
    'doctor.gaveUp.fix': '找出 nginx 后面的服务为什么处理这个请求很慢（看它那个时间的日志：慢查询、锁、断点）；只有这个请求本来就需要这么久，才调大客户端的超时（管理端前端的请求超时）。',
    'doctor.unlogged.elsewhere': ' 你的配置在 {places} 有 error_log：这些行在那个 server 或 location 的 error_log 指定的文件里。',
    'doctor.unlogged.to': ' 到 {time}',
    'doctor.unlogged.cause':
      '{requests}得到 {status} {name}（{lines}，{from}{to}），这个错误日志中没有它们的行。推断：nginx 把原因记在了另一个错误日志里（server 或 location 的 error_log），或者用了这个日志不记录的级别，或者这个错误日志是另一个 nginx 或另一个时间的。{elsewhere}',
    'doctor.unlogged.fix': '把 nginx 在那个时间写的错误日志交给 doctor（处理 {request} 的那个 server 的 error_log）；它会说明是哪个服务失败了、怎么失败的。',
  },
});
