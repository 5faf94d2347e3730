// The admin front end's HTTP layer: cookies, one `request()` that behaves like the real app's axios
// instance (project-rjwm-admin-vue-ts/src/utils/request.ts), and the words for a failed request.
// Plain ES module, no build step.

/** axios.create({ baseURL: '/api', timeout: 600000 }) in the real app (bundle: `timeout:6e5`). */
export const BASE_URL = '/api';
export const TIMEOUT_MS = 600000;

// ---------------------------------------------------------------------------------------------
// Cookies, as js-cookie writes them (path=/, session cookies, value percent-encoded).

export function getCookie(name) {
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) !== name) continue;
    const raw = part.slice(eq + 1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function setCookie(name, value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  document.cookie = `${name}=${encodeURIComponent(text)}; path=/`;
}

export function removeCookie(name) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The cookies the real store sets at login (`token`, `username`, `user_info`) and removes at logout
 *  (plus `userInfo`, which its LogOut also removes). */
export const AUTH_COOKIES = ['token', 'username', 'user_info', 'userInfo'];

export function clearAuthCookies() {
  for (const name of AUTH_COOKIES) removeCookie(name);
}

/** The `user_info` cookie (the login answer's `data`), or null. */
export function getUserInfo() {
  const text = getCookie('user_info');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Reason phrases as nginx writes them, for when the browser gives no statusText (HTTP/2). */
const REASONS = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Not Allowed',
  408: 'Request Time-out', 413: 'Request Entity Too Large', 414: 'Request-URI Too Large',
  429: 'Too Many Requests', 494: 'Request Header Or Cookie Too Large', 500: 'Internal Server Error',
  501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Temporarily Unavailable', 504: 'Gateway Time-out',
};

/** A request that failed at the HTTP level. `message` is what axios would have said, because the real
 *  employee page shows it: `请求出错了：Request failed with status code 502`. */
export class HttpError extends Error {
  /**
   * @param {'status'|'network'|'timeout'|'format'} kind
   * @param {{ method: string, url: string, status?: number, statusText?: string, elapsedMs: number }} info
   */
  constructor(kind, info) {
    const message =
      kind === 'status' ? `Request failed with status code ${info.status}`
      : kind === 'timeout' ? `timeout of ${TIMEOUT_MS}ms exceeded`
      : kind === 'network' ? 'Network Error'
      : `Unexpected response body (not JSON) with status code ${info.status}`;
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.method = info.method;
    this.url = info.url;
    this.status = info.status ?? 0;
    this.statusText = info.statusText || REASONS[info.status] || '';
    this.elapsedMs = info.elapsedMs;
  }
}

/** What the app wants to hear about every request: set by app.js. */
const hooks = {
  /** A request got a usable answer (2xx with JSON): the error banner goes away. */
  onSuccess: () => {},
  /** HTTP 401: like the real interceptor, back to the login page (we also drop the token). */
  onUnauthorized: () => {},
  /** Anything else that is not a usable answer: the error banner. */
  onFailure: (_error, _what) => {},
};

export function setRequestHooks(h) {
  Object.assign(hooks, h);
}

/** The real interceptor serialises GET params by hand: `encodeURIComponent(key)=encodeURIComponent(value)`,
 *  in the object's key order, leaving out undefined and null. */
export function buildUrl(path, params) {
  let url = BASE_URL + path;
  if (params) {
    const parts = [];
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
    if (parts.length) url += '?' + parts.join('&');
  }
  return url;
}

/**
 * One API call. Resolves with the parsed `Result` ({code, msg, data}) of a 2xx answer; rejects with an
 * HttpError for anything else (after telling the hooks).
 * @param {{ method: 'GET'|'POST'|'PUT', path: string, params?: object, body?: object,
 *           what: { zh: string, en: string } }} o
 */
export async function request(o) {
  const url = buildUrl(o.path, o.params);
  const headers = { Accept: 'application/json, text/plain, */*' };
  const token = getCookie('token');
  if (token) headers.token = token; // raw JWT, header name `token`, no "Bearer"
  let body;
  if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  const started = performance.now();
  const fail = (kind, extra = {}) => {
    const error = new HttpError(kind, { method: o.method, url, elapsedMs: performance.now() - started, ...extra });
    if (kind === 'status' && error.status === 401) {
      hooks.onUnauthorized(error, o.what);
    } else {
      hooks.onFailure(error, o.what);
    }
    return error;
  };

  let response;
  let text;
  try {
    response = await fetch(url, {
      method: o.method, headers, body, signal: controller.signal,
      credentials: 'same-origin', cache: 'no-store', redirect: 'follow',
    });
    text = await response.text();
  } catch {
    throw fail(timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }

  const info = { status: response.status, statusText: response.statusText };
  if (!response.ok) throw fail('status', info);
  let result;
  try {
    result = JSON.parse(text);
  } catch {
    result = undefined;
  }
  if (!result || typeof result !== 'object') throw fail('format', info);
  hooks.onSuccess();
  return result;
}

// ---------------------------------------------------------------------------------------------
// What a failure means, in the words a developer of this app needs (Chinese, then English).

/** The origin's port: the proxy (nginx) the page was loaded from. */
function proxyPort() {
  return location.port || (location.protocol === 'https:' ? '443' : '80');
}

/**
 * The banner's lines for a failed request.
 * @param {HttpError} e
 * @param {{ zh: string, en: string }} what e.g. { zh: '登录请求', en: 'Login request' }
 * @returns {{ zh: string, en: string, hint?: { zh: string, en: string } }}
 */
export function describeFailure(e, what) {
  const status = `${e.status} ${e.statusText}`.trim();
  const line = (zhCause, enCause) => ({
    zh: `${what.zh}失败：${status}（${zhCause}）`,
    en: `${what.en} failed: ${status} — ${enCause}`,
  });
  if (e.kind === 'network') {
    return {
      zh: `${what.zh}失败：网络错误，没有收到任何响应（浏览器连不上代理本身，或代理没有回答就断开了连接：请确认 nginx 仍在端口 ${proxyPort()} 上运行，且它的 worker 进程没有崩溃）`,
      en: `${what.en} failed: network error, no answer at all — the browser could not reach the proxy itself, or the proxy closed the connection without answering (is nginx still running on port ${proxyPort()}, and did a worker crash?)`,
    };
  }
  if (e.kind === 'timeout') {
    return {
      zh: `${what.zh}失败：超时，${TIMEOUT_MS / 1000} s 内没有收到响应（代理和管理端服务都没有回答）`,
      en: `${what.en} failed: timed out — no answer within ${TIMEOUT_MS / 1000} s (neither the proxy nor the admin server answered)`,
    };
  }
  if (e.kind === 'format') {
    return line(
      '响应不是 JSON：/api/ 请求可能没有被转发到管理端服务，而是得到了一个静态页面，请检查 nginx 的 location /api/ 和 proxy_pass',
      'the answer is not JSON: /api/ was probably not forwarded to the admin server (check nginx\'s location /api/ and proxy_pass)',
    );
  }
  switch (e.status) {
    case 502: {
      const d = line(
        '代理（nginx）回答了，但连不上管理端服务：请确认后端已启动，且监听在 nginx.conf 里 proxy_pass 写的端口上（课程的配置是 localhost:8080）',
        'the proxy (nginx) answered, but could not reach the admin server: is it running, on the port nginx.conf\'s proxy_pass names (localhost:8080 in the course\'s conf)?',
      );
      if (e.elapsedMs >= 1500) {
        const s = (e.elapsedMs / 1000).toFixed(1);
        d.hint = {
          zh: `等了 ${s} s 才失败：在 Windows 上，每次被拒绝的连接都要重试约 2 s，而 nginx 会先试 localhost 的 [::1] 再试 127.0.0.1，所以约 4 s 才得到 502。`,
          en: `It took ${s} s to fail: on Windows each refused connect is retried for about 2 s, and nginx tries localhost's [::1] and then 127.0.0.1, so the 502 comes after about 4 s.`,
        };
      }
      return d;
    }
    case 504:
      return line(
        '管理端服务接受了连接，但没有在规定时间内响应：代理读取超时，后端可能停在了断点上或卡住了',
        'the admin server accepted the connection but did not answer in time (proxy read timeout — is it stopped at a breakpoint?)',
      );
    case 503:
      return line(
        '代理当前没有可用的上游服务，或请求被限流',
        'the proxy has no available upstream right now, or the request was rate-limited',
      );
    case 500:
      return line('管理端服务内部错误，请查看后端日志', 'the admin server hit an internal error (see its log)');
    case 413:
      return line(
        '请求体过大，超过了 nginx 的 client_max_body_size',
        'the request body is too large for the proxy (client_max_body_size)',
      );
    case 404:
      return line(
        '接口不存在：请检查 nginx 的 location /api/ 与 proxy_pass 是否转发到 /admin/',
        'no such endpoint — check that nginx\'s location /api/ and proxy_pass forward to /admin/',
      );
    case 405:
      return line(
        '请求方法不被允许：请求可能落到了静态文件上，没有被转发到管理端服务',
        'method not allowed: the request probably hit the static files instead of the admin server',
      );
    case 403:
      return line('访问被拒绝', 'access was denied');
    default:
      return e.status >= 500
        ? line('服务器端出错', 'the server side failed')
        : line('请求被拒绝', 'the request was refused');
  }
}
