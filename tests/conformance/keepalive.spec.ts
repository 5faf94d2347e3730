// keepalive_timeout's second value (the `Keep-Alive: timeout=N` header) and the keep-alive limits
// of the location a request ends in (ngx_http_update_location_config()): keepalive_timeout 0 or
// keepalive_requests set in a location close the connection after that location's answers.
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';
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
