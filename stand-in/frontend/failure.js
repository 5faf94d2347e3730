// A failed request in the words a developer of this app needs, Chinese then English, and who
// answered it. The status alone does not say who: the admin server may answer 502 or 503 itself
// (the proxy passes its answer on as it is), and nginx answers 502, 503 or 504 of its own. The body
// does: the course's admin server (Spring Boot) answers an error with its error JSON, or with an
// empty body (its 401 and 503); nginx answers with an HTML page: its built-in one, signed
// `<center>nginx</center>`, or the conf's error_page (the course's `/50x.html`, which nginx ships,
// is signed `Faithfully yours, nginx.`).

/** Who answered a failed request, from its body. @returns {'proxy'|'server'} */
export function answeredBy(body) {
  const text = body.trim();
  if (!text) return 'server';
  try {
    JSON.parse(text);
    return 'server';
  } catch {
    return 'proxy';
  }
}

const WHO = {
  proxy: { zh: '反向代理（nginx）', en: 'the proxy (nginx)' },
  server: { zh: '后端服务', en: 'the admin server' },
};

/** The error's message, as the pages show it after `请求出错了：` (the real app shows axios's English
 *  `Request failed with status code 502` there). */
export function failureMessage(e) {
  if (e.kind === 'network') return '网络错误，没有收到任何响应';
  if (e.kind === 'timeout') return `超时，${e.timeoutMs / 1000} s 内没有收到响应`;
  const status = `${e.status} ${e.statusText}`.trim();
  if (e.kind === 'format') return `响应不是 JSON（${status}）`;
  return `${WHO[e.answeredBy].zh}返回了 ${status}`;
}

/** The origin's port: the proxy (nginx) the page was loaded from. */
function proxyPort() {
  return location.port || (location.protocol === 'https:' ? '443' : '80');
}

/** Why a status came, by who answered it: [zh, en], or undefined for the general words. */
const CAUSES = {
  'proxy 502': [
    '反向代理（nginx）回答了，但连不上后端服务：请确认后端已启动，且监听在 nginx.conf 里 proxy_pass 写的端口上（课程的配置是 localhost:8080）',
    'the proxy (nginx) answered, but could not reach the admin server: is it running, on the port nginx.conf\'s proxy_pass names (localhost:8080 in the course\'s conf)?',
  ],
  'proxy 504': [
    '反向代理（nginx）回答了：后端服务接受了连接，但没有在规定时间内响应（反向代理读取超时），后端可能停在了断点上或卡住了',
    'the proxy (nginx) answered: the admin server accepted the connection but did not answer in time (proxy read timeout — is it stopped at a breakpoint?)',
  ],
  'proxy 503': [
    '反向代理（nginx）自己回答了 503：请求被 nginx.conf 里的 limit_req 或 limit_conn 限流了',
    'the proxy (nginx) answered 503 itself: the request was rate-limited by nginx.conf\'s limit_req or limit_conn',
  ],
  'server 500': ['后端服务内部错误，请查看后端日志', 'the admin server hit an internal error (see its log)'],
  'proxy 413': [
    '请求体过大，超过了 nginx 的 client_max_body_size',
    'the request body is too large for the proxy (client_max_body_size)',
  ],
  'proxy 404': [
    '反向代理（nginx）自己回答了 404：请求没有被转发到后端服务，请检查 nginx 的 location /api/ 与 proxy_pass',
    'the proxy (nginx) answered 404 itself: the request was not forwarded to the admin server (check nginx\'s location /api/ and proxy_pass)',
  ],
  'server 404': [
    '后端服务没有这个接口：请检查 proxy_pass 是否把 /api/ 转发到了 /admin/',
    'the admin server has no such endpoint: check that proxy_pass forwards /api/ to /admin/',
  ],
  'proxy 405': [
    '请求方法不被允许：请求落到了静态文件上，没有被转发到后端服务',
    'method not allowed: the request hit the static files instead of the admin server',
  ],
  'server 405': [
    '后端服务有这个路径，但不接受这个请求方法（后端没有这个接口）',
    'the admin server has this path, but not for this method (it has no such endpoint)',
  ],
};

/** The words for a status nobody above explains, by who answered. */
function generalCause(status, who) {
  const w = WHO[who];
  if (status < 500) return [`请求被${w.zh}拒绝`, `the request was refused by ${w.en}`];
  return who === 'server'
    ? [`${w.zh}自己回答了 ${status}，反向代理只是原样转发：请查看后端日志`, `${w.en} answered ${status} itself and the proxy passed it on: see the admin server's log`]
    : [`${w.zh}自己回答了 ${status}：请查看 nginx 的 error.log`, `${w.en} answered ${status} itself: see nginx's error.log`];
}

/**
 * The banner's lines for a failed request.
 * @param {import('./api.js').HttpError} e
 * @param {{ zh: string, en: string }} what e.g. { zh: '登录请求', en: 'Login request' }
 * @returns {{ zh: string, en: string, hint?: { zh: string, en: string } }}
 */
export function describeFailure(e, what) {
  if (e.kind === 'network') {
    return {
      zh: `${what.zh}失败：网络错误，没有收到任何响应（浏览器连不上反向代理本身，或反向代理没有回答就断开了连接：请确认 nginx 仍在端口 ${proxyPort()} 上运行，且它的 worker 进程没有崩溃）`,
      en: `${what.en} failed: network error, no answer at all — the browser could not reach the proxy itself, or the proxy closed the connection without answering (is nginx still running on port ${proxyPort()}, and did a worker crash?)`,
    };
  }
  if (e.kind === 'timeout') {
    return {
      zh: `${what.zh}失败：超时，${e.timeoutMs / 1000} s 内没有收到响应（反向代理和后端服务都没有回答）`,
      en: `${what.en} failed: timed out — no answer within ${e.timeoutMs / 1000} s (neither the proxy nor the admin server answered)`,
    };
  }
  const status = `${e.status} ${e.statusText}`.trim();
  const line = ([zh, en]) => ({ zh: `${what.zh}失败：${status}（${zh}）`, en: `${what.en} failed: ${status} — ${en}` });
  if (e.kind === 'format') {
    return line([
      '响应不是 JSON：/api/ 请求可能没有被转发到后端服务，而是得到了一个静态页面，请检查 nginx 的 location /api/ 和 proxy_pass',
      'the answer is not JSON: /api/ was probably not forwarded to the admin server (check nginx\'s location /api/ and proxy_pass)',
    ]);
  }
  const who = e.answeredBy;
  const d = line(CAUSES[`${who} ${e.status}`] ?? generalCause(e.status, who));
  if (who === 'proxy' && e.status === 502 && e.elapsedMs >= 1500) {
    const s = (e.elapsedMs / 1000).toFixed(1);
    d.hint = {
      zh: `等了 ${s} s 才失败：在 Windows 上，每次被拒绝的连接都要重试约 2 s，而 nginx 会先试 localhost 的 [::1] 再试 127.0.0.1，所以约 4 s 才得到 502。`,
      en: `It took ${s} s to fail: on Windows each refused connect is retried for about 2 s, and nginx tries localhost's [::1] and then 127.0.0.1, so the 502 comes after about 4 s.`,
    };
  }
  return d;
}
