// The Location of the redirects nginx makes: the URI escaped with NGX_ESCAPE_URI (the set a URI
// sent upstream is escaped with too) in the redirect to a directory and in the one to a proxied
// location's slashed name; and a rewrite's redirect, whose value is unescaped only up to its first
// `?`, written or escaped (ngx_unescape_uri(NGX_UNESCAPE_REDIRECT)).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';

test('the redirect to a directory escapes its name: /dir%20sp is sent to /dir%20sp/, relative too (absolute_redirect off)', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /off/ { absolute_redirect off; alias html/; }' });
  for (const dir of ['dir sp', 'a"b<c>{d}']) mkdirSync(join(p.prefix, 'html', dir));
  const locations: (string | undefined)[] = [];
  for (const uri of ['/dir%20sp', '/dir%20sp?a=%20b', '/a%22b%3Cc%3E%7Bd%7D', '/off/dir%20sp']) {
    const r = await p.send(get(uri, p.port));
    expect(r.status, uri).toBe(301);
    locations.push(header(r, 'Location'));
  }
  expect(locations).toEqual([
    `http://127.0.0.1:${p.port}/dir%20sp/`,
    // The arguments are the request's own, as they came.
    `http://127.0.0.1:${p.port}/dir%20sp/?a=%20b`,
    `http://127.0.0.1:${p.port}/a%22b%3Cc%3E%7Bd%7D/`,
    '/off/dir%20sp/',
  ]);
});

test('a proxied location asked without its slash: the 301 to its name escapes it ("/p x/" to /p%20x/)', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location "/p x/" { proxy_pass http://127.0.0.1:U/; }' });
  const r = await p.send(get('/p%20x?y', p.port));
  expect([r.status, header(r, 'Location')]).toEqual([301, `http://127.0.0.1:${p.port}/p%20x/?y`]);
});

test('rewrite ^ $arg_r? redirect: the value is unescaped up to an escaped "?" (%3F), the rest kept as it came', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /r { rewrite ^ $arg_r? redirect; }' });
  const locations: (string | undefined)[] = [];
  for (const r of ['http%3A%2F%2Fexample.com%2F%3Ffrom%3Dblah', 'http%3A%2F%2Fexample.com%2Fa%20b%3fc%3Dd', 'http%3A%2F%2Fexample.com%2F?x%3Dy']) {
    locations.push(header(await p.send(get(`/r?r=${r}`, p.port)), 'Location'));
  }
  expect(locations).toEqual(['http://example.com/?from%3Dblah', 'http://example.com/a%20b?c%3Dd', 'http://example.com/?x%3Dy']);
});

test('a URI that held an escape is escaped again upstream with the same set: " < > \\ ^ ` { | } too, not \'', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /pp/ { proxy_pass http://127.0.0.1:U/x/; }' });
  expect((await p.send(get("/pp/%20%22%3C%3E%7B%7C%7D%5C%5E%60%27", p.port))).status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(["GET /x/%20%22%3C%3E%7B%7C%7D%5C%5E%60' HTTP/1.0"]);
});
