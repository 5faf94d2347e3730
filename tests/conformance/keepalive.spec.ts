// keepalive_timeout's second value (the `Keep-Alive: timeout=N` header) and the keep-alive limits
// of the location a request ends in (ngx_http_update_location_config()): keepalive_timeout 0,
// keepalive_requests, keepalive_time (the connection's whole life) and keepalive_disable (MSIE's
// POSTs, Safari) set in a location close the connection after that location's answers.
import { test, expect } from '../fixtures.js';
import { get, header, post, RawConnection } from '../support/raw-http.js';
import { names } from '../support/pages.js';

test('keepalive_timeout 65 60: "Keep-Alive: timeout=60" after "Connection: keep-alive", on static and proxied answers', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'keepalive_timeout 65 60;' });
  const c = await RawConnection.open(p.port);
  c.write(get('/x', p.port));
  const a = await c.next();
  c.write(get('/api/k', p.port));
  const b = await c.next();
  c.write(get('/x', p.port, ['Connection: close']));
  const closing = await c.next();
  c.close();
  expect(names(a.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'Keep-Alive', 'ETag', 'Accept-Ranges']);
  expect(names(b.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'Keep-Alive', 'X-Up']);
  for (const r of [a, b]) expect(r.headers.find(([n]) => n === 'Keep-Alive')).toEqual(['Keep-Alive', 'timeout=60']);
  expect(names(closing.headers)).not.toContain('Keep-Alive');
});

test('keepalive_timeout with one value in a location keeps the header value of the level above', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'keepalive_timeout 65 60;', api: 'keepalive_timeout 30;' });
  const r = await p.send(get('/api/k', p.port));
  expect(r.headers.find(([n]) => n === 'Keep-Alive')).toEqual(['Keep-Alive', 'timeout=60']);
});

// The location's limit decides: /x (no limit of its own) keeps the connection, /api/ closes it.
for (const [api, what] of [
  ['keepalive_timeout 0;', 'keepalive_timeout 0 in a location: its answers close the connection'],
  ['keepalive_requests 2;', 'keepalive_requests 2 in a location: its answer to the second request on a connection closes it'],
]) {
  test(`${what}, other locations' keep it`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual', api });
    const c = await RawConnection.open(p.port);
    c.write(get('/x', p.port));
    expect((await c.next()).headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'keep-alive']);
    c.write(get('/api/k', p.port));
    expect((await c.next()).headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
    expect(await c.closedWithin(3000)).toBe(true);
    c.close();
  });
}

test('keepalive_time 1s: a request that comes later than that on its connection closes it; $connection_time counts from the accept', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'add_header X-Life $connection_time;\n        location = /x { keepalive_time 1s; }' });
  const c = await RawConnection.open(p.port);
  const life = (r: { headers: [string, string][] }) => Number(header(r, 'X-Life'));
  // Until the connection is a second old, /style.css (no keepalive_time of its own: 1h) keeps it.
  await expect
    .poll(async () => {
      c.write(get('/style.css', p.port));
      const r = await c.next();
      expect(header(r, 'Connection')).toBe('keep-alive');
      expect(header(r, 'X-Life')).toMatch(/^\d+\.\d{3}$/);
      return life(r);
    })
    .toBeGreaterThan(1);
  c.write(get('/x', p.port));
  const late = await c.next();
  expect(life(late)).toBeGreaterThan(1);
  expect(header(late, 'Connection')).toBe('close');
  expect(await c.closedWithin(3000)).toBe(true);
  c.close();
});

const MSIE5 = 'User-Agent: Mozilla/4.0 (compatible; MSIE 5.0; Windows 98)';
const SAFARI = 'User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_6_8) AppleWebKit/534.50 Safari/534.50';

test('keepalive_disable: msie6 (the default) closes after MSIE 5\'s POST only; safari closes after any request of Safari on Mac OS X; none closes after neither', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    server: 'location /safari/ { keepalive_disable safari; proxy_pass http://localhost:U/admin/; }\n        location /none/ { keepalive_disable none; proxy_pass http://localhost:U/admin/; }',
  });
  const connection = async (request: string) => header(await p.send(request), 'Connection');
  expect(await connection(post('/api/login', p.port, '{}', [MSIE5]))).toBe('close');
  expect(await connection(get('/api/k', p.port, [MSIE5]))).toBe('keep-alive');
  expect(await connection(post('/api/login', p.port, '{}', ['User-Agent: Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)']))).toBe('keep-alive');
  expect(await connection(post('/api/login', p.port, '{}', ['User-Agent: Opera/9.0 (MSIE 5.0)']))).toBe('keep-alive');
  expect(await connection(get('/api/k', p.port, [SAFARI]))).toBe('keep-alive');
  expect(await connection(get('/safari/k', p.port, [SAFARI]))).toBe('close');
  expect(await connection(get('/safari/k', p.port, ['User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15) Chrome/120.0 Safari/537.36']))).toBe('keep-alive');
  expect(await connection(post('/none/login', p.port, '{}', [MSIE5]))).toBe('keep-alive');
});
