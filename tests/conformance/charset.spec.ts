// charset (ngx_http_charset_filter_module): `; charset=` is added to the Content-Type of
// charset_types (text/html always among them), to nginx's own pages too, but not to a 301 or 302;
// an answer that names its charset keeps it unless override_charset, which only names the same one
// again, another is an [error] line and the answer unchanged. A conf that would recode (charset and
// source_charset differ) without a charset_map does not start; with one, the body is recoded.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';

const type = (r: { headers: [string, string][] }) => header(r, 'Content-Type');

test('charset utf-8: text/html, text/plain and application/javascript get it, text/css and octet-stream do not', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'charset utf-8;', server: 'location = /a.js { default_type application/javascript; }\nlocation = /a.txt { default_type text/plain; }' });
  const html = await p.send(get('/index.html', p.port));
  expect(html.statusLine).toBe('HTTP/1.1 200 OK');
  expect(html.headers.slice(2, 4)).toEqual([['Content-Type', 'text/html; charset=utf-8'], ['Content-Length', '15']]);
  expect(html.body).toBe('<h1>index</h1>\n');
  expect(type(await p.send(get('/style.css', p.port)))).toBe('text/css');
  expect(type(await p.send(get('/x', p.port)))).toBe('application/octet-stream');
  const missingJs = await p.send(get('/a.js', p.port));
  expect([missingJs.status, type(missingJs)]).toEqual([404, 'text/html; charset=utf-8']);
  expect(missingJs.body).toBe(PAGES[404]);
  await expect.poll(() => p.access()).toHaveLength(4);
});

test('charset on nginx\'s pages: a 404 names it, the directory\'s 301 does not', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'charset UTF-8;' });
  const missing = await p.send(get('/missing', p.port));
  expect(missing.headers.slice(2, 4)).toEqual([['Content-Type', 'text/html; charset=UTF-8'], ['Content-Length', '153']]);
  const redirect = await p.send(get('/dir', p.port));
  expect(redirect.status).toBe(301);
  expect(type(redirect)).toBe('text/html');
});

test('charset_types text/css keeps text/html; charset_types * takes every type; charset off in a location', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    static: 'charset utf-8;\ncharset_types text/css;',
    server: 'charset utf-8;\ncharset_types *;\nlocation = /index.html { charset off; }',
  });
  expect(type(await p.send(get('/style.css', p.port)))).toBe('text/css; charset=utf-8');
  expect(type(await p.send(get('/dir/', p.port)))).toBe('text/html; charset=utf-8');
  expect(type(await p.send(get('/x', p.port)))).toBe('application/octet-stream');
  const server = await startProxy({ upstream: 'dual', server: 'charset utf-8;\ncharset_types *;\nlocation = /index.html { charset off; }\nlocation = /x { }' });
  expect(type(await server.send(get('/x', server.port)))).toBe('application/octet-stream; charset=utf-8');
  expect(type(await server.send(get('/index.html', server.port)))).toBe('text/html');
});

const answer = (contentType: string) => ({ kind: 'fixed' as const, response: `HTTP/1.1 200 OK\r\nContent-Type: ${contentType}\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok` });

test('charset on proxied answers: a type without one gets it; one that names its own, or has other parameters, is passed as it came', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'charset utf-8;' });
  const seen: (string | undefined)[] = [];
  for (const ct of ['text/plain', 'text/html; charset=ISO-8859-1', 'text/html; foo=bar', 'application/json']) {
    p.upstream.behaviour = answer(ct);
    seen.push(type(await p.send(get('/api/x', p.port))));
  }
  expect(seen).toEqual(['text/plain; charset=utf-8', 'text/html; charset=ISO-8859-1', 'text/html; foo=bar', 'application/json']);
  expect(p.requestLog()).toEqual([]);
});

test('override_charset on: the same charset is named again in nginx\'s way; another is an [error] line and the answer unchanged', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'charset utf-8;\noverride_charset on;' });
  p.upstream.behaviour = answer('text/html;charset="UTF-8"');
  const same = await p.send(get('/api/same', p.port));
  expect(type(same)).toBe('text/html; charset=utf-8');
  expect(same.body).toBe('ok');
  p.upstream.behaviour = answer('text/html; charset=ISO-8859-1');
  const other = await p.send(get('/api/other', p.port));
  expect(type(other)).toBe('text/html; charset=ISO-8859-1');
  expect(other.body).toBe('ok');
  expect(p.requestLog()).toEqual([
    // *3 was the first answer's upstream connection; the round robin's second peer answers.
    `TIME [error] PID: *4 no "charset_map" between the charsets "ISO-8859-1" and "utf-8" while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "GET /api/other HTTP/1.1", upstream: "http://127.0.0.1:U/admin/other", host: "127.0.0.1:P"`,
  ]);
});

test('source_charset the same as charset (in any case): named as charset writes it; a recoding pair is refused at start (parse.spec)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'charset UTF-8;\nsource_charset utf-8;' });
  const r = await p.send(get('/index.html', p.port));
  expect(type(r)).toBe('text/html; charset=UTF-8');
  expect(r.body).toBe('<h1>index</h1>\n');
  expect(p.requestLog()).toEqual([]);
});

/** A koi8-r map of the Russian "Привет" and a byte to a Latin letter, both ways, as nginx's conf/koi-utf has them. */
const MAPS = `charset_map koi8-r utf-8 { F0 D09F; D2 D180; C9 D0B8; D7 D0B2; C5 D0B5; D4 D182; }
    charset_map windows-1251 koi8-r { CF F0; 41 42; }`;

test('charset_map: koi8-r recoded to utf-8 (no Content-Length then), utf-8 back to koi8-r (an unmapped character as &#N;, a bad byte as ?, a cut one dropped), and byte to byte', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: MAPS,
    server: `location /koi/ { charset utf-8; source_charset koi8-r; }
        location /utf/ { charset koi8-r; source_charset utf-8; }
        location /cp/ { charset koi8-r; source_charset windows-1251; }
        location /var/ { charset $arg_c; }`,
  });
  const html = join(p.prefix, 'html');
  for (const d of ['koi', 'utf', 'cp', 'var']) mkdirSync(join(html, d));
  writeFileSync(join(html, 'koi', 'a.html'), Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4, 0x21, 0xff]));
  writeFileSync(join(html, 'utf', 'a.html'), Buffer.concat([Buffer.from('Привет ✓ é ', 'utf8'), Buffer.from([0x80, 0xc3, 0x41, 0x42, 0xe2, 0x9c])]));
  writeFileSync(join(html, 'cp', 'a.html'), Buffer.from([0xcf, 0x41, 0xe0]));
  writeFileSync(join(html, 'var', 'a.html'), 'x');
  const koi = await p.send(get('/koi/a.html', p.port));
  expect([type(koi), header(koi, 'Content-Length'), header(koi, 'Transfer-Encoding')]).toEqual(['text/html; charset=utf-8', undefined, 'chunked']);
  expect(Buffer.from(koi.body, 'latin1').toString('utf8')).toBe('Привет!?');
  const utf = await p.send(get('/utf/a.html', p.port));
  expect(type(utf)).toBe('text/html; charset=koi8-r');
  expect(Buffer.from(utf.body, 'latin1')).toEqual(Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4, 0x20, ...Buffer.from('&#10003; &#233; ??B')]));
  const cp = await p.send(get('/cp/a.html', p.port));
  expect([type(cp), header(cp, 'Content-Length')]).toEqual(['text/html; charset=koi8-r', '3']);
  expect(Buffer.from(cp.body, 'latin1')).toEqual(Buffer.from([0xf0, 0x42, 0x3f]));
  expect(type(await p.send(get('/var/a.html?c=windows-1251', p.port)))).toBe('text/html; charset=windows-1251');
  expect(p.requestLog()).toEqual([]);
});
