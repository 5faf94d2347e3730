// The client side of a scenario without a browser: requests to the proxy, timed and put on the
// timeline, and the admin app's calls by name.
import type { Readable } from 'node:stream';
import { request } from 'undici';
import type { Timeline } from '../timeline/timeline.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'chaos.api.refused': 'refused',
    'chaos.api.noAnswer': 'no answer',
  },
  'zh-CN': {
    'chaos.api.refused': '连接被拒绝',
    'chaos.api.noAnswer': '无响应',
  },
});

export interface ApiResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
  /** When it was sent, in ms on the run's timeline. */
  sentAt: number;
  /** Set when no HTTP answer came (connection refused, reset, timed out). */
  error?: string;
}

export class ApiClient {
  constructor(
    private readonly base: string,
    private readonly timeline: Timeline,
  ) {}

  /** `body` may be a stream (one that fails midway is a client giving up on its upload). */
  async send(method: string, path: string, o: { body?: string | Buffer | Readable; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<ApiResponse> {
    // The logs are read before and after, so the lines between are known to be this request's time.
    this.timeline.poll();
    const t0 = Date.now();
    const ev = this.timeline.request('client', method, path);
    try {
      const r = await request(this.base + path, {
        method: method as 'GET',
        body: o.body,
        headers: { referer: this.base + '/', ...o.headers },
        headersTimeout: o.timeoutMs ?? 30_000,
        bodyTimeout: o.timeoutMs ?? 30_000,
        reset: true,
      });
      const body = await r.body.text();
      ev.end = this.timeline.now();
      ev.detail = String(r.statusCode);
      this.timeline.poll();
      return { status: r.statusCode, body, headers: r.headers, ms: Date.now() - t0, sentAt: ev.t };
    } catch (e) {
      ev.end = this.timeline.now();
      const error = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      ev.detail = 'failed';
      ev.short = error === 'ECONNREFUSED' ? t('chaos.api.refused') : /TIMEOUT/.test(error) ? t('chaos.api.noAnswer') : error;
      this.timeline.poll();
      return { status: 0, body: '', headers: {}, ms: Date.now() - t0, sentAt: ev.t, error };
    }
  }

  /** The front end's login call; resolves with the token, or undefined on any failure. */
  async login(username = 'admin', password = '123456'): Promise<{ token?: string; response: ApiResponse }> {
    const response = await this.send('POST', '/api/employee/login', {
      body: JSON.stringify({ username, password }),
      headers: { 'content-type': 'application/json' },
    });
    let token: string | undefined;
    try {
      token = (JSON.parse(response.body) as { data?: { token?: string } }).data?.token;
    } catch {
      // a 502 page, not JSON
    }
    return { token, response };
  }

  page(token: string, page = 1, pageSize = 10): Promise<ApiResponse> {
    return this.send('GET', `/api/employee/page?page=${page}&pageSize=${pageSize}`, { headers: { token } });
  }
}
