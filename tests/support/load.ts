// A closed-loop load: `connections` keep-alive clients asking one URL again and again, each
// answer sorted into 2xx, nginx's own 502/504, other statuses, resets, and hangs (no answer
// within `hangMs`, which must never happen).
import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { Pool } from 'undici';

export interface LoadResult {
  total: number;
  ok: number;
  gateway: number;
  other: number;
  resets: number;
  hangs: number;
  seconds: number;
}

export function share(r: LoadResult, n: number): number {
  return r.total ? n / r.total : 0;
}

export async function closedLoopLoad(o: { origin: string; path: string; headers?: Record<string, string>; connections: number; seconds: number; hangMs?: number }): Promise<LoadResult> {
  const pool = new Pool(o.origin, { connections: o.connections, pipelining: 1, keepAliveTimeout: 10_000 });
  const r: LoadResult = { total: 0, ok: 0, gateway: 0, other: 0, resets: 0, hangs: 0, seconds: o.seconds };
  const end = Date.now() + o.seconds * 1000;
  const client = async () => {
    while (Date.now() < end) {
      try {
        const res = await pool.request({ path: o.path, method: 'GET', headers: o.headers, headersTimeout: o.hangMs ?? 5000, bodyTimeout: o.hangMs ?? 5000 });
        await res.body.dump();
        if (res.statusCode < 300) r.ok++;
        else if (res.statusCode === 502 || res.statusCode === 504) r.gateway++;
        else r.other++;
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') r.hangs++;
        else r.resets++;
      }
      r.total++;
    }
  };
  await Promise.all(Array.from({ length: o.connections }, client));
  await pool.close();
  return r;
}

/**
 * Cuts a log to its last `bytes`, from a line's start: what a load test keeps of its stack's logs.
 * Whole, they are hundreds of MB: a line in access.log for every request, and error.log's lines for
 * every 502 while the admin server is down (about 90 MB a run, measured).
 */
export function keepTail(file: string, bytes = 1 << 20): void {
  const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= bytes) return;
  const tail = Buffer.alloc(bytes);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, tail, 0, bytes, size - bytes);
  } finally {
    closeSync(fd);
  }
  writeFileSync(file, tail.subarray(tail.indexOf(10) + 1));
}
