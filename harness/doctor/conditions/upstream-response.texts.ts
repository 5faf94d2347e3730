// The words upstream-response.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.bigHeader.notSet': ' In your conf: no {m}_buffer_size is set for this request (4k or 8k); add "{m}_buffer_size 16k;" to {at}.',
    'doctor.bigHeader.cause':
      '{upstream} answered {requests} with response headers larger than {m}_buffer_size (4k or 8k by default, one memory page), so nginx refused the response with 502: big Set-Cookie headers (a session or an OAuth/OIDC token), or many or long custom headers.',
    'doctor.bigHeader.buffers': ' and "{m}_buffers 8 16k;" (and "{m}_busy_buffers_size 32k;")',
    'doctor.bigHeader.fix':
      'Raise the buffer for that location: "{m}_buffer_size 16k;"{more}, then reload nginx; or make the upstream send smaller headers (an ingress-nginx user sets the proxy-buffer-size annotation).{pointer}',
    'doctor.chunked.cause':
      '{upstream} sent a response body in chunked encoding that is not valid chunked encoding ({requests}), so nginx cut the response off: the upstream says "Transfer-Encoding: chunked" but writes the body unchunked, or another proxy in between rewrote it.',
    'doctor.chunked.fix':
      "Fix the upstream so that it chunks what it declares chunked (or sends Content-Length); with HTTP/1.0 to the upstream (nginx's default) it should not chunk at all, so check for a proxy_http_version 1.1 it mishandles.",
    'doctor.invalidHeader.space': 'a space',
    'doctor.invalidHeader.nul': 'a NUL byte',
    'doctor.invalidHeader.cr': 'a carriage return (CR) with no line feed after it',
    'doctor.invalidHeader.tab': 'a tab',
    'doctor.invalidHeader.colon': 'a colon with no header name before it',
    'doctor.invalidHeader.del': 'a DEL byte',
    'doctor.invalidHeader.control': 'the control byte 0x{hex}',
    'doctor.invalidHeader.holderWindows': '"netstat -ano | findstr :{port}", then "tasklist /FI \\"PID eq <pid>\\""',
    'doctor.invalidHeader.http09':
      'What answered {requests} on {peers} does not speak HTTP: its first bytes are not an HTTP status line, so nginx passed them on to the browser as they came, with no status line of its own (an HTTP/0.9 answer, 009 in the access log), which a browser refuses on any port but 80 (ERR_INVALID_HTTP_RESPONSE): port {port} is held by a program that does not speak HTTP (a database, a message broker), or by one that speaks HTTPS there while proxy_pass says http://.',
    'doctor.invalidHeader.http09Fix':
      'Find out which program listens on port {port} ({holder}): if it is not {it}, stop it, or move {it} and proxy_pass to a port of its own; if it serves HTTPS there, write proxy_pass https://... or turn its TLS off.{pointer}',
    'doctor.invalidHeader.inValue': 'in the value of its header "{name}"',
    'doctor.invalidHeader.inName': 'in the name of the header that starts "{before}"',
    'doctor.invalidHeader.atStart': 'at the start of a header line',
    'doctor.invalidHeader.notRetried':
      " without trying the other address (invalid_header is not in proxy_next_upstream's default), and counts the address as failed for fail_timeout (10 s)",
    'doctor.invalidHeader.cause':
      '{server} ({peers}) answered {requests} with a header line nginx refuses: {byte} {where} (nginx quotes the line up to that byte: "{quoted}"), so nginx answered 502 Bad Gateway{notRetried}.',
    'doctor.invalidHeader.fix':
      'Find what sets that header in {it} (a filter, an interceptor, a response.setHeader()/addHeader() call) and correct it: header names have no spaces or control characters, values no NUL or bare CR. "curl -v http://127.0.0.1:{port}{uri}" shows what it sends.',
    'doctor.ssl.plain.why': 'the upstream does not speak TLS on that port (proxy_pass https:// to a plain-HTTP port)',
    'doctor.ssl.plain.fix': 'Use http:// in proxy_pass for a plain-HTTP upstream, or the port where it serves TLS.',
    'doctor.ssl.shared.why': 'nginx and the upstream share no TLS version or cipher, or the upstream wanted SNI nginx did not send',
    'doctor.ssl.shared.fix': 'Add "proxy_ssl_server_name on;" (SNI, which most HTTPS servers behind a CDN need) and check proxy_ssl_protocols against what the upstream accepts.',
    'doctor.ssl.verify.why': "the upstream's certificate failed verification (proxy_ssl_verify on): expired, self-signed, or from a CA nginx does not trust",
    'doctor.ssl.verify.fix': "Renew or fix the upstream's certificate, or give nginx its CA with proxy_ssl_trusted_certificate.",
    'doctor.ssl.name.why': "the upstream's certificate is for another name than the one nginx verifies (proxy_ssl_name)",
    'doctor.ssl.name.fix': 'Set proxy_ssl_name to the name on the certificate (and proxy_ssl_server_name on), or use a certificate for that name.',
    'doctor.ssl.closed': 'the upstream closed the connection in the middle of it, which most often means it wanted SNI (a server name) nginx did not send, or speaks no TLS there',
    'doctor.ssl.other': 'see the OpenSSL reason in the line',
    'doctor.ssl.cause': 'The TLS handshake from nginx to {upstream} failed ({requests}), so nginx answered 502: {why}.',
    'doctor.ssl.fix': 'Add "proxy_ssl_server_name on;" to the location (SNI), and check with "openssl s_client -connect host:port -servername host" what the upstream offers.',
  },
  'zh-CN': {
    'doctor.bigHeader.notSet': ' 你的配置中：这个请求没有设置 {m}_buffer_size（即 4k 或 8k）；在 {at} 中加上 "{m}_buffer_size 16k;"。',
    'doctor.bigHeader.cause':
      '{upstream} 的响应头超过了 {m}_buffer_size（默认 4k 或 8k，即一个内存页），所以 nginx 拒绝了这个响应，返回 502（{requests}）：原因是很大的 Set-Cookie 头（会话或 OAuth/OIDC 令牌），或者自定义头太多、太长。',
    'doctor.bigHeader.buffers': ' 和 "{m}_buffers 8 16k;"（以及 "{m}_busy_buffers_size 32k;"）',
    'doctor.bigHeader.fix': '调大那个 location 的缓冲区："{m}_buffer_size 16k;"{more}，然后重新加载 nginx；或者让上游发送更小的响应头（ingress-nginx 用户设置 proxy-buffer-size 注解）。{pointer}',
    'doctor.chunked.cause':
      '{upstream} 发送的分块（chunked）响应体不是合法的分块编码（{requests}），所以 nginx 截断了响应：上游声明了 "Transfer-Encoding: chunked"，却没有按分块写响应体，或者中间的另一个代理改写了它。',
    'doctor.chunked.fix': '修改上游，让它声明分块时真的按分块发送（或者发送 Content-Length）；nginx 默认用 HTTP/1.0 连上游，这时上游根本不应该分块，所以检查是否设置了它处理不好的 proxy_http_version 1.1。',
    'doctor.invalidHeader.space': '一个空格',
    'doctor.invalidHeader.nul': '一个 NUL 字节',
    'doctor.invalidHeader.cr': '一个后面没有换行（LF）的回车（CR）',
    'doctor.invalidHeader.tab': '一个制表符',
    'doctor.invalidHeader.colon': '一个前面没有头名称的冒号',
    'doctor.invalidHeader.del': '一个 DEL 字节',
    'doctor.invalidHeader.control': '控制字节 0x{hex}',
    'doctor.invalidHeader.holderWindows': '先运行 "netstat -ano | findstr :{port}"，再运行 "tasklist /FI \\"PID eq <pid>\\""',
    'doctor.invalidHeader.http09':
      '{peers} 上的程序不说 HTTP（{requests}）：它的头几个字节不是 HTTP 状态行，所以 nginx 把它们原样转给了浏览器，没有加自己的状态行（HTTP/0.9 回应，访问日志里是 009），浏览器在 80 以外的端口上都会拒绝这种回应（ERR_INVALID_HTTP_RESPONSE）：端口 {port} 被一个不说 HTTP 的程序（数据库、消息队列）占用了，或者那里的程序说的是 HTTPS，而 proxy_pass 写的是 http://。',
    'doctor.invalidHeader.http09Fix':
      '查出是哪个程序在监听端口 {port}（{holder}）：如果不是{it}，就停掉它，或者把{it}和 proxy_pass 改到一个单独的端口；如果它在那里提供的是 HTTPS，就写 proxy_pass https://...，或者关掉它的 TLS。{pointer}',
    'doctor.invalidHeader.inValue': '在头 "{name}" 的值中',
    'doctor.invalidHeader.inName': '在以 "{before}" 开头的头名称中',
    'doctor.invalidHeader.atStart': '在一个头行的开头',
    'doctor.invalidHeader.notRetried': '，没有尝试另一个地址（proxy_next_upstream 的默认值不包含 invalid_header），并在 fail_timeout（10 秒）内把这个地址算作失败',
    'doctor.invalidHeader.cause':
      '{server}（{peers}）发送了 nginx 拒绝的头行（{requests}）：{where}有{byte}（nginx 引用这一行直到那个字节："{quoted}"），所以 nginx 响应了 502 Bad Gateway{notRetried}。',
    'doctor.invalidHeader.fix':
      '在{it}中找到设置这个头的代码（过滤器、拦截器、response.setHeader()/addHeader() 调用）并改正：头名称里不能有空格或控制字符，值里不能有 NUL 或单独的 CR。用 "curl -v http://127.0.0.1:{port}{uri}" 可以看到它发送的内容。',
    'doctor.ssl.plain.why': '上游在那个端口上不说 TLS（proxy_pass 用 https:// 连到了普通 HTTP 端口）',
    'doctor.ssl.plain.fix': '上游是普通 HTTP 时，proxy_pass 用 http://，或者改用它提供 TLS 的端口。',
    'doctor.ssl.shared.why': 'nginx 和上游没有共同支持的 TLS 版本或加密套件，或者上游需要 SNI 而 nginx 没有发送',
    'doctor.ssl.shared.fix': '加上 "proxy_ssl_server_name on;"（SNI，CDN 后面的 HTTPS 服务大多需要），并对照上游接受的版本检查 proxy_ssl_protocols。',
    'doctor.ssl.verify.why': '上游的证书没有通过验证（proxy_ssl_verify on）：过期了、是自签名的，或者来自 nginx 不信任的 CA',
    'doctor.ssl.verify.fix': '更新或修正上游的证书，或者用 proxy_ssl_trusted_certificate 把它的 CA 交给 nginx。',
    'doctor.ssl.name.why': '上游证书上的名称与 nginx 验证的名称（proxy_ssl_name）不一致',
    'doctor.ssl.name.fix': '把 proxy_ssl_name 设为证书上的名称（并打开 proxy_ssl_server_name），或者换一张该名称的证书。',
    'doctor.ssl.closed': '上游在握手中途关闭了连接，最常见的原因是它需要 SNI（服务器名称）而 nginx 没有发送，或者它在那里不说 TLS',
    'doctor.ssl.other': '原因见这一行中 OpenSSL 给出的说明',
    'doctor.ssl.cause': 'nginx 与 {upstream} 的 TLS 握手失败了（{requests}），所以 nginx 响应了 502：{why}。',
    'doctor.ssl.fix': '在 location 中加上 "proxy_ssl_server_name on;"（SNI），并用 "openssl s_client -connect host:port -servername host" 查看上游提供什么。',
  },
});
