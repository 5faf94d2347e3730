// The course's `location /ws/` (tests/support/course-conf.ts): proxy_http_version 1.1 and the
// Upgrade/Connection pair from `map $http_upgrade $connection_upgrade`; a 101 from the upstream
// turns the client connection into a tunnel (ngx_http_upstream_upgrade), logged when it ends.
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';

const MAP = `map $http_upgrade $connection_upgrade {
        default upgrade;
        '' close;
    }`;
const WS = (readTimeout = '3600s') => `location /ws/ {
            proxy_pass http://localhost:U/ws/;
            proxy_http_version 1.1;
            proxy_read_timeout ${readTimeout};
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "$connection_upgrade";
        }`;
const SWITCH = 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: x\r\n\r\n';

test('ws: the upstream gets HTTP/1.1, the proxy_set_header lines first, then Host and the client\'s headers', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: MAP, server: WS() });
  await p.send(get('/ws/a', p.port, ['User-Agent: u', 'Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Key: k']));
  await p.send(get('/ws/b', p.port, ['User-Agent: u']));
  expect(p.upstream.received.map((x) => x.raw)).toEqual([
    `GET /ws/a HTTP/1.1\r\nUpgrade: websocket\r\nConnection: upgrade\r\nHost: localhost:${p.upstream.port}\r\nUser-Agent: u\r\nSec-WebSocket-Key: k\r\n\r\n`,
    // $http_upgrade empty: no Upgrade line at all; the map gives Connection: close.
    `GET /ws/b HTTP/1.1\r\nConnection: close\r\nHost: localhost:${p.upstream.port}\r\nUser-Agent: u\r\n\r\n`,
  ]);
});

test('ws: a 101 makes a tunnel: Connection: upgrade, bytes both ways, 101 and the bytes sent in the access log', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: MAP, server: WS() });
  p.upstream.behaviour = { kind: 'tunnel', response: SWITCH + 'hello' };
  const c = await RawConnection.open(p.port);
  c.write(get('/ws/c', p.port, ['Upgrade: websocket', 'Connection: Upgrade']));
  const head = await c.next({ head: true });
  expect(head.statusLine).toBe('HTTP/1.1 101 Switching Protocols');
  expect(withoutDate(head.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Connection', 'upgrade'],
    ['Upgrade', 'websocket'],
    ['Sec-WebSocket-Accept', 'x'],
  ]);
  expect(await c.until('hello')).toBe('hello');
  c.write('ping');
  expect(await c.until('echo:ping')).toBe('echo:ping');
  c.close();
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /ws/c HTTP/1.1" 101 14 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});

test('ws: the upstream closing the tunnel closes the client connection', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: MAP, server: WS() });
  p.upstream.behaviour = { kind: 'fixed', response: SWITCH + 'bye' };
  const c = await RawConnection.open(p.port);
  c.write(get('/ws/d', p.port, ['Upgrade: websocket', 'Connection: Upgrade']));
  await c.next({ head: true });
  expect(await c.until('bye')).toBe('bye');
  expect(await c.closedWithin(2000)).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /ws/d HTTP/1.1" 101 3 "-" "-"']);
});

// ngx_connection_error() on the client connection, whose log_error is NGX_ERROR_INFO: an [info] line.
test('ws: proxy_read_timeout of silence ends the tunnel, "upstream timed out ... while proxying upgraded connection" at [info]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: MAP, server: WS('1s'), errorLogLevel: 'info' });
  p.upstream.behaviour = { kind: 'tunnel', response: SWITCH };
  const c = await RawConnection.open(p.port);
  const started = Date.now();
  c.write(get('/ws/e', p.port, ['Upgrade: websocket', 'Connection: Upgrade']));
  await c.next({ head: true });
  expect(await c.closedWithin(2500)).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      'TIME [info] PID: *2 upstream timed out (110: Connection timed out) while proxying upgraded connection, client: 127.0.0.1, server: localhost, request: "GET /ws/e HTTP/1.1", upstream: "http://[::1]:U/ws/e", host: "127.0.0.1:P"',
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /ws/e HTTP/1.1" 101 0 "-" "-"']);
});
