// The admin front end's HTTP layer: cookies, and one `request()` that behaves like the real app's
// axios instance (project-rjwm-admin-vue-ts/src/utils/request.ts). Plain ES module, no build step.
import { answeredBy, failureMessage } from './failure.js';

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

/** A request that failed at the HTTP level. The pages show `请求出错了：` + `message`, as the real ones
 *  do; the real `message` is axios's English (`Request failed with status code 502`), this one says
 *  in Chinese what came back and who answered it (failure.js). */
export class HttpError extends Error {
  /**
   * @param {'status'|'network'|'timeout'|'format'} kind
   * @param {{ method: string, url: string, status?: number, statusText?: string, body?: string, elapsedMs: number }} info
   */
  constructor(kind, info) {
    super();
    this.name = 'HttpError';
    this.kind = kind;
    this.method = info.method;
    this.url = info.url;
    this.status = info.status ?? 0;
    this.statusText = info.statusText || REASONS[info.status] || '';
    /** 'proxy' or 'server', for a status answer. */
    this.answeredBy = kind === 'status' ? answeredBy(info.body ?? '') : undefined;
    this.elapsedMs = info.elapsedMs;
    this.timeoutMs = TIMEOUT_MS;
    this.message = failureMessage(this);
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
  if (!response.ok) throw fail('status', { ...info, body: text });
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
