// client_max_body_size per location, as real confs set it (a larger one for an upload API than for
// the SPA, 0 for no limit): the location chosen for the request decides, before any body is read.
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';

const OK = { kind: 'fixed' as const, response: 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok' };

test('client_max_body_size 10m in /api/ and 1k in the server: /api/ takes 5000 bytes, / refuses them with a 413', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'client_max_body_size 1k;', api: 'client_max_body_size 10m;' });
  p.upstream.behaviour = OK;
  const api = await p.send(post('/api/upload', p.port, 'u'.repeat(5000)));
  expect([api.statusLine, api.body]).toEqual(['HTTP/1.1 200 OK', 'ok']);
  expect(p.upstream.received).toHaveLength(1);
  const root = await p.send(get('/x', p.port, ['Content-Length: 5000'], 'POST'));
  expect(root.statusLine).toBe('HTTP/1.1 413 Request Entity Too Large');
  expect(withoutDate(root.headers)).toEqual(pageHeaders(183, 'close'));
  expect(root.body).toBe(PAGES[413]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *4 client intended to send too large body: 5000 bytes, client: 127.0.0.1, server: localhost, request: "POST /x HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "POST /api/upload HTTP/1.1" 200 2 "-" "-"',
    '127.0.0.1 - - [TIME] "POST /x HTTP/1.1" 413 183 "-" "-"',
  ]);
});

test('client_max_body_size 0: no limit, a body over the default 1m is passed on whole', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'client_max_body_size 0;' });
  p.upstream.behaviour = OK;
  const r = await p.send(post('/api/upload', p.port, 'u'.repeat(1048577 + 1000)));
  expect([r.statusLine, r.body]).toEqual(['HTTP/1.1 200 OK', 'ok']);
  expect(p.upstream.received.map((x) => x.raw.endsWith('u'.repeat(1049577)))).toEqual([true]);
  expect(p.requestLog()).toEqual([]);
});

test('client_max_body_size 0 with a chunked body over 1m: no limit either', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'client_max_body_size 0;' });
  p.upstream.behaviour = OK;
  const chunk = 'c'.repeat(600_000);
  const body = `${(600_000).toString(16)}\r\n${chunk}\r\n${(600_000).toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
  const r = await p.send(post('/api/upload', p.port, body, ['Transfer-Encoding: chunked']));
  expect([r.statusLine, r.body]).toEqual(['HTTP/1.1 200 OK', 'ok']);
  expect(p.upstream.received.map((x) => /\r\nContent-Length: 1200000\r\n/.test(x.raw))).toEqual([true]);
});
