// Redirects nginx makes itself: proxy_redirect default for a proxy_pass without a URI (built from
// proxy_pass's URL as written, `http://127.0.0.1:U/` → `/`), and the 301 to the slashed name of a
// proxied location asked without its slash, exact (`location = /exact/`) locations included.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, names } from '../support/pages.js';

test('proxy_redirect default without a URI: http://127.0.0.1:U/nouri/foo becomes http://127.0.0.1:P/nouri/foo, after Content-Length', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'location /nouri/ { proxy_pass http://127.0.0.1:U; }' });
  const location = (l: string) => `HTTP/1.1 302 Found\r\nLocation: ${l}\r\nContent-Length: 0\r\n\r\n`;
  p.upstream.behaviour = { kind: 'fixed', response: location(`http://127.0.0.1:${p.upstream.port}/nouri/foo`) };
  const rewritten = await p.send(get('/nouri/a', p.port));
  p.upstream.behaviour = { kind: 'fixed', response: location(`http://localhost:${p.upstream.port}/nouri/foo`) };
  const kept = await p.send(get('/nouri/b', p.port));
  expect(rewritten.statusLine).toBe('HTTP/1.1 302 Found');
  expect(names(rewritten.headers)).toEqual(['Server', 'Date', 'Content-Length', 'Location', 'Connection']);
  expect(rewritten.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/nouri/foo`]);
  // Not the URL proxy_pass names: left as it was, in its place after Connection.
  expect(names(kept.headers)).toEqual(['Server', 'Date', 'Content-Length', 'Connection', 'Location']);
  expect(kept.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://localhost:${p.upstream.port}/nouri/foo`]);
});

test('location = /exact/ with proxy_pass: GET /exact is a 301 to /exact/ (with the query), GET /exact/ is proxied', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'location = /exact/ { proxy_pass http://127.0.0.1:U/e/; }' });
  const r = await p.send(get('/exact?a=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/exact/?a=1`]);
  expect(r.body).toBe(PAGES[301]);
  expect((await p.send(get('/exact/', p.port))).status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(['GET /e/ HTTP/1.0']);
});
