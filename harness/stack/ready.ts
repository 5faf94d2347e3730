// Readiness, as Playwright's webServer checks it: ask the exact address a consumer will dial until
// it answers, racing the process's exit and a deadline.
import http from 'node:http';
import type { StartedProcess } from './process.js';

export class NotReady extends Error {}

export async function waitForHttp(url: string, o: { process?: StartedProcess; timeoutMs?: number; intervalMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (o.timeoutMs ?? 15_000);
  let exited = false;
  o.process?.exited.then(() => (exited = true));
  let last = '';
  while (Date.now() < deadline) {
    if (exited) throw new NotReady(`${o.process!.name} exited before ${url} answered`);
    try {
      await answers(url);
      return;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 10));
  }
  throw new NotReady(`${url} did not answer within ${o.timeoutMs ?? 15_000} ms (${last})`);
}

/**
 * One GET on a new connection, resolved once a whole answer (any status) has come. node:http, not
 * undici: it is loaded already, and undici's load (~70 ms of CPU) would slow the workers' boot.
 */
function answers(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', reject);
  });
}
