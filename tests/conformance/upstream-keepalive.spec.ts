// `keepalive N` in an upstream block (ngx_http_upstream_keepalive_module) with proxy_http_version
// 1.1 and a cleared Connection: idle upstream connections are cached and reused, and closed after
// keepalive_requests requests, once older than keepalive_time, or after keepalive_timeout idle.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';
import type { ProxyUnderTest, StartOptions } from '../support/proxy-under-test.js';

interface Seen {
  /** Each upstream connection by its client port: when it opened, and when the proxy closed it. */
  connections: Map<number, { openedAt: number; closedAt?: number }>;
}

/** An HTTP/1.1 upstream that keeps its connections open and names the one each answer came on. */
async function upstream(seen: Seen): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.setHeader('X-Upstream-Port', String(req.socket.remotePort));
    res.end('ok');
  });
  server.on('connection', (s: Socket) => {
    const port = s.remotePort!;
    seen.connections.set(port, { openedAt: Date.now() });
    s.on('close', () => (seen.connections.get(port)!.closedAt = Date.now()));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startWith(startProxy: (o?: StartOptions) => Promise<ProxyUnderTest>, seen: Seen, settings: string) {
  const server = await upstream(seen);
  const port = (server.address() as AddressInfo).port;
  const p = await startProxy({
    http: `upstream backend {\n        server 127.0.0.1:${port};\n        keepalive 1;\n        ${settings}\n    }`,
    proxyPass: 'http://backend/admin/',
    api: '            proxy_http_version 1.1;\n            proxy_set_header Connection "";',
  });
  const on = async () => Number(header(await p.send(get('/api/k', p.port)), 'X-Upstream-Port'));
  return { on, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('keepalive_requests 3: an upstream connection carries three requests, then the proxy closes it', async ({ startProxy }) => {
  const seen: Seen = { connections: new Map() };
  const u = await startWith(startProxy, seen, 'keepalive_requests 3;');
  const ports = [await u.on(), await u.on(), await u.on(), await u.on()];
  expect(ports.slice(1, 3)).toEqual([ports[0], ports[0]]);
  expect(ports[3]).not.toBe(ports[0]);
  await expect.poll(() => seen.connections.get(ports[0])?.closedAt).toBeDefined();
  await u.close();
});

test('keepalive_time 1s: an upstream connection is reused until it is a second old, then closed after its answer', async ({ startProxy }) => {
  const seen: Seen = { connections: new Map() };
  const u = await startWith(startProxy, seen, 'keepalive_time 1s;');
  const first = await u.on();
  const ports: number[] = [];
  await expect.poll(async () => ports[ports.push(await u.on()) - 1]).not.toBe(first);
  expect(ports.length).toBeGreaterThan(1);
  const old = seen.connections.get(first)!;
  await expect.poll(() => old.closedAt).toBeDefined();
  expect(old.closedAt! - old.openedAt).toBeGreaterThanOrEqual(1000);
  await u.close();
});

test('keepalive_timeout 300ms: an idle upstream connection is closed by the proxy after that long', async ({ startProxy }) => {
  const seen: Seen = { connections: new Map() };
  const u = await startWith(startProxy, seen, 'keepalive_timeout 300ms;');
  const answeredAt = Date.now();
  const port = await u.on();
  expect(await u.on()).toBe(port);
  const c = seen.connections.get(port)!;
  await expect.poll(() => c.closedAt).toBeDefined();
  expect(c.closedAt! - answeredAt).toBeGreaterThanOrEqual(300);
  await u.close();
});
