// empty_gif (ngx_http_empty_gif_module): a location answers with nginx's 43-byte transparent GIF,
// as ngx_http_send_response() answers: GET and HEAD only, a fixed Last-Modified that
// If-Modified-Since is compared with, no ranges. nginx's own empty_gif.t runs beside these.
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';

const GIF = Buffer.from('47494638396101000100800100000000ffffff21f90401000001002c00000000010001000002024c01003b', 'hex').toString('latin1');
const LAST_MODIFIED = 'Mon, 28 Sep 1970 06:00:00 GMT';

test('empty_gif: GET is the GIF with its type, length and Last-Modified; HEAD its head alone; a range gets it whole', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'location /pixel.gif { empty_gif; }' });
  const r = await p.send(get('/pixel.gif', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection']);
  expect(header(r, 'Content-Type')).toBe('image/gif');
  expect(header(r, 'Content-Length')).toBe('43');
  expect(header(r, 'Last-Modified')).toBe(LAST_MODIFIED);
  expect(r.body).toBe(GIF);
  const head = await p.send(get('/pixel.gif', p.port, [], 'HEAD'));
  expect(head.status).toBe(200);
  expect(header(head, 'Content-Length')).toBe('43');
  expect(head.body).toBe('');
  const ranged = await p.send(get('/pixel.gif', p.port, ['Range: bytes=0-9']));
  expect(ranged.status).toBe(200);
  expect(ranged.body).toBe(GIF);
});

test('empty_gif: another method is a 405; If-Modified-Since equal to its time is a 304 (if_modified_since exact), an older one a 200; an older If-Unmodified-Since a 412', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'location /pixel.gif { empty_gif; }' });
  for (const method of ['POST', 'PUT', 'DELETE']) expect((await p.send(get('/pixel.gif', p.port, [], method))).status).toBe(405);
  const since = async (date: string) => p.send(get('/pixel.gif', p.port, [`If-Modified-Since: ${date}`]));
  const same = await since(LAST_MODIFIED);
  expect(same.status).toBe(304);
  expect(header(same, 'Last-Modified')).toBe(LAST_MODIFIED);
  expect(same.body).toBe('');
  expect((await since('Sun, 27 Sep 1970 06:00:00 GMT')).status).toBe(200);
  expect((await p.send(get('/pixel.gif', p.port, ['If-Unmodified-Since: Sun, 27 Sep 1970 06:00:00 GMT']))).status).toBe(412);
});
