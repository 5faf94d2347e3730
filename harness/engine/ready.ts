// Readiness, as Playwright's webServer checks it: ask the exact address a consumer will dial until
// it answers, racing the process's exit and a deadline. For a proxy, "answered" means answered by
// the proxy: on every address a browser dials for `localhost` (127.0.0.1 and [::1]), with nginx's
// `Server:` header, and at `/` with the front end's index.html. Anything else that answers there
// holds the port; waiting longer would not change that.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { StartedProcess } from './process.js';
import { describeBusyPort } from '../ports.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.check.noAnswer': '{url} did not answer within {ms} ms ({last})',
    'stack.check.notTheProxy': '{url} was answered, but not by the proxy ({status}, {server}, where nginx sends "Server: nginx"): {holder}, so the proxy could not listen there',
    'stack.check.noServer': 'no Server header',
    'stack.check.notTheIndex': "the proxy answered {url} with a page that is not the front end's index ({index}): check its root",
    'stack.check.notTheIndexStatus': "the proxy answered {url} with {status} instead of the front end's index ({index}): check its root",
  },
  'zh-CN': {
    'stack.check.noAnswer': '{url} 在 {ms} 毫秒内没有响应（{last}）',
    'stack.check.notTheProxy': '{url} 有响应，但不是反向代理回的（{status}，{server}，而 nginx 会发送 "Server: nginx"）：{holder}，所以反向代理无法在那里监听',
    'stack.check.noServer': '没有 Server 响应头',
    'stack.check.notTheIndex': '反向代理对 {url} 返回的页面不是前端的 index（{index}）：请检查它的 root',
    'stack.check.notTheIndexStatus': '反向代理对 {url} 返回了 {status}，而不是前端的 index（{index}）：请检查它的 root',
  },
});

export class NotReady extends Error {}

/** What must answer before a proxy is ready. */
export interface ProxyReadiness {
  /** Each URL a consumer dials: for the stack, `/` on both loopbacks. */
  urls: string[];
  /** The front end's index.html: each URL must answer 200 with exactly its bytes. */
  index?: string;
}

interface Answer {
  status: number;
  server?: string;
  body: Buffer;
}

interface WaitOptions {
  process?: StartedProcess;
  timeoutMs?: number;
  intervalMs?: number;
  /** Stops the wait (another address's check has failed already, or the start is stopped). */
  signal?: AbortSignal;
}

/**
 * Until `url` answers; `wrong` names what is wrong with an answer (undefined: it is the right one).
 * A wrong answer ends the wait at once: something else serves that address.
 */
export async function waitForHttp(url: string, o: WaitOptions & { wrong?: (a: Answer) => Promise<string | undefined> } = {}): Promise<void> {
  const deadline = Date.now() + (o.timeoutMs ?? 15_000);
  let exited = false;
  o.process?.exited.then(() => (exited = true));
  let last = '';
  while (Date.now() < deadline && !o.signal?.aborted) {
    if (exited) throw new NotReady(`${o.process!.name} exited before ${url} answered`);
    let answer: Answer | undefined;
    try {
      answer = await get(url, o.signal);
    } catch (e) {
      last = (e as Error).message;
    }
    if (answer) {
      const wrong = await o.wrong?.(answer);
      if (wrong) throw new NotReady(wrong);
      return;
    }
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 10));
  }
  throw new NotReady(t('stack.check.noAnswer', { url, ms: o.timeoutMs ?? 15_000, last }));
}

/** Until every URL of `r` is answered by the proxy (see the top of this file). */
export async function waitForProxy(r: ProxyReadiness, o: WaitOptions = {}): Promise<void> {
  const index = r.index === undefined ? undefined : readFileSync(r.index);
  const stop = new AbortController();
  const signal = o.signal ? AbortSignal.any([stop.signal, o.signal]) : stop.signal;
  try {
    await Promise.all(r.urls.map((url) => waitForHttp(url, { ...o, signal, wrong: (a) => notTheProxy(url, a, r.index, index) })));
  } finally {
    stop.abort();
  }
}

async function notTheProxy(url: string, a: Answer, indexPath: string | undefined, index: Buffer | undefined): Promise<string | undefined> {
  if (!/^nginx(\/|$)/.test(a.server ?? '')) {
    const { hostname, port } = new URL(url);
    const holder = await describeBusyPort(hostname.replace(/^\[|\]$/g, ''), Number(port), 'EADDRINUSE');
    return t('stack.check.notTheProxy', { url, status: a.status, server: a.server ? `Server: ${a.server}` : t('stack.check.noServer'), holder });
  }
  if (index && (a.status !== 200 || !a.body.equals(index))) {
    return a.status === 200 ? t('stack.check.notTheIndex', { url, index: String(indexPath) }) : t('stack.check.notTheIndexStatus', { url, status: a.status, index: String(indexPath) });
  }
  return undefined;
}

/**
 * One GET on a new connection, resolved once the whole answer has come (cut short by `signal`). node:http, not undici: it
 * is loaded already, and undici's load (~70 ms of CPU) would slow the workers' boot.
 */
function get(url: string, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 2000, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, server: res.headers.server?.toString(), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', reject);
  });
}
