// Readiness, as Playwright's webServer checks it: ask the exact address a consumer will dial until
// it answers, racing the process's exit and a deadline.
import type { StartedProcess } from './process.js';

export class NotReady extends Error {}

export async function waitForHttp(url: string, o: { process?: StartedProcess; timeoutMs?: number; intervalMs?: number } = {}): Promise<void> {
  // Loaded here, not at the top: the import (~0.1 s) overlaps the proxy's workers booting.
  const { request } = await import('undici');
  const deadline = Date.now() + (o.timeoutMs ?? 15_000);
  let exited = false;
  o.process?.exited.then(() => (exited = true));
  let last = '';
  while (Date.now() < deadline) {
    if (exited) throw new NotReady(`${o.process!.name} exited before ${url} answered`);
    try {
      const r = await request(url, { method: 'GET', headersTimeout: 2000, bodyTimeout: 2000, reset: true });
      await r.body.dump();
      return;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 10));
  }
  throw new NotReady(`${url} did not answer within ${o.timeoutMs ?? 15_000} ms (${last})`);
}
