// `upstream { keepalive N; }` with proxy_http_version 1.1 and a cleared Connection
// header. The cached upstream connections must stay usable whatever the clients did to the
// requests that used them before: a burst of slow readers that go away must not leave a cached
// connection that never answers again (the embedded engine once pooled it still paused).
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, send } from '../support/raw-http.js';

const BURST = 32;
/** A static file the embedded engine writes whole: 96 of them (5.6 MiB) fill a connection nobody reads from (~3.8 MiB on loopback). */
const FILE_SIZE = 60 * 1024;
const PIPELINED_FILES = 96;

/** An HTTP/1.1 upstream that keeps its connections open (nginx's keepalive caches them). */
async function keepAliveUpstream(seen: string[], answered: string[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    res.on('finish', () => answered.push(req.url ?? ''));
    req.resume();
    res.setHeader('Content-Type', 'application/json');
    const body = JSON.stringify({ code: 1, url: req.url, filler: 'x'.repeat(900) });
    // `/admin/held…` answers late, so that requests sent at once hold as many connections at once.
    setTimeout(() => res.end(body), req.url?.startsWith('/admin/held') ? 300 : 0);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** A client that sends `request` and never reads a byte of the answer. */
function notReading(port: number, request: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.pause();
      s.write(Buffer.from(request, 'latin1'));
      resolve(s);
    });
    s.on('error', reject);
  });
}

test('keepalive conf: after a burst of slow readers that went away, every request is still answered', async ({ startProxy, engine }) => {
  const seen: string[] = [];
  const answered: string[] = [];
  const upstream = await keepAliveUpstream(seen, answered);
  try {
    const port = (upstream.address() as AddressInfo).port;
    const p = await startProxy({
      http: `upstream backend {\n        server 127.0.0.1:${port};\n        keepalive 32;\n    }`,
      proxyPass: 'http://backend/admin/',
      api: '            proxy_http_version 1.1;\n            proxy_set_header Connection "";',
    });
    writeFileSync(join(p.prefix, 'html', 'big.bin'), Buffer.alloc(FILE_SIZE, 'b'));

    // 32 clients that never read: each pipelines enough static files to fill its connection,
    // then an API request, whose answer from the upstream finds the client's connection full.
    // (nginx waits for the client before it reads the next pipelined request, so it never gets
    // to the API requests; the embedded engine does.)
    const files = get('/big.bin', p.port).repeat(PIPELINED_FILES);
    const slow = await Promise.all(Array.from({ length: BURST }, (_, i) => notReading(p.port, files + get(`/api/slow${i}`, p.port))));
    if (engine === 'embedded') {
      // Every API answer has left the upstream, and found its client's connection full. (The
      // engine first writes 180 MiB of files into full sockets: on a loaded machine that takes
      // a while, so this waits for the event until the test's own time is up.)
      await expect.poll(() => answered.length, { timeout: 0 }).toBe(BURST);
    }
    for (const s of slow) s.destroy();
    // The proxy is done with every request whose client went away (nginx never forwarded any).
    await expect.poll(() => p.accessLog().filter((l) => l.includes('/api/slow')).length, { timeout: 0 }).toBe(seen.length);

    // A cached connection that never answers again shows as a request unanswered when the test's
    // time is up.
    const ask = async (path: string) => {
      const r = await send(p.port, get(path, p.port), { timeoutMs: 0 });
      expect(r.status, `${path}: answered`).toBe(200);
      expect(JSON.parse(r.body).url).toBe(path.replace('/api/', '/admin/'));
    };
    // As many at once as there can be cached connections, each held a while, so that every cached
    // connection is used; then one at a time.
    await Promise.all(Array.from({ length: BURST }, (_, i) => ask(`/api/held${i}`)));
    for (let i = 0; i < 40; i++) await ask(`/api/after${i}`);
  } finally {
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  }
});
