// limit_rate, limit_rate_after and $limit_rate, as ngx_http_write_filter() paces an answer: the
// first second's bytes go at once, the rest at the rate; `set $limit_rate` sets the rate, and the
// variable reads it back (0 for a value that is no size, with an [error]). Durations are checked
// from below only: a loaded machine makes them longer, never shorter.
import { test, expect } from '../fixtures.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { get } from '../support/raw-http.js';

const conf = (server: string) => `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location / { root html; }
${server}
    }
}
`;

/** 60 KiB: at 20k a second, the first 20k go at once and the last 40k take two seconds more. */
const BIG = 60 * 1024;

test('limit_rate 20k on a 60k file: whole and correct, in two seconds or more; limit_rate_after 40k leaves only the last 20k paced', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`location /slow/ { alias html/; limit_rate 20k; }
        location /after/ { alias html/; limit_rate 20k; limit_rate_after 40k; }`),
  });
  writeFileSync(join(p.prefix, 'html', 'big'), Buffer.alloc(BIG, 'a'));
  const timed = async (path: string) => {
    const t0 = performance.now();
    const r = await p.send(get(path, p.port, ['Connection: close']), { timeoutMs: 30_000 });
    return { status: r.status, length: r.body.length, ms: performance.now() - t0 };
  };
  const slow = await timed('/slow/big');
  expect([slow.status, slow.length]).toEqual([200, BIG]);
  expect(slow.ms).toBeGreaterThanOrEqual(1900);
  const after = await timed('/after/big');
  expect([after.status, after.length]).toEqual([200, BIG]);
  expect(after.ms).toBeGreaterThanOrEqual(900);
  // Logged once the last byte went out: every byte counted.
  await expect.poll(() => p.access().map((l) => / (\d+) (\d+) "/.exec(l)?.slice(1).join(' '))).toEqual([`200 ${BIG}`, `200 ${BIG}`]);
});

test('set $limit_rate: the rate the answer goes at, read back by $limit_rate; a value that is no size leaves 0, with an [error]', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`location /set/ { alias html/; set $limit_rate $arg_l; add_header X-Rate $limit_rate; }
        location /none/ { alias html/; add_header X-Rate $limit_rate; }`),
  });
  writeFileSync(join(p.prefix, 'html', 'big'), Buffer.alloc(BIG, 'a'));
  const t0 = performance.now();
  const r = await p.send(get('/set/big?l=20k', p.port), { timeoutMs: 30_000 });
  expect([r.status, r.body.length, r.headers.find(([n]) => n === 'X-Rate')?.[1]]).toEqual([200, BIG, '20480']);
  expect(performance.now() - t0).toBeGreaterThanOrEqual(1900);
  const bad = await p.send(get('/set/x?l=fast', p.port));
  expect(bad.headers.find(([n]) => n === 'X-Rate')?.[1]).toBe('0');
  const none = await p.send(get('/none/x', p.port));
  expect(none.headers.find(([n]) => n === 'X-Rate')?.[1]).toBe('0');
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *3 invalid $limit_rate "fast", client: 127.0.0.1, server: localhost, request: "GET /set/x?l=fast HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});
