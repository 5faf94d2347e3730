// Variables in error_page's URI: evaluated for each error; a path's arguments are split off at its
// first `?` (ngx_http_split_args()), a URL is the redirect's Location as evaluated.
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';

const SERVER = `
        location /ep/ { root html; error_page 404 =200 /show?from=$uri&q=$arg_q; }
        location /url/ { root html; error_page 404 http://example.com/?u=$uri; }
        location = /show { return 200 "uri=$uri args=$args\\n"; }`;

test('error_page 404 =200 /show?from=$uri: an internal redirect to /show with the evaluated arguments', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  const r = await p.send(get('/ep/missing?q=1', p.port));
  expect([r.status, r.body]).toEqual([200, 'uri=/show args=from=/ep/missing&q=1\n']);
});

test('error_page 404 http://example.com/?u=$uri: a 302 to the evaluated URL', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  const r = await p.send(get('/url/missing', p.port));
  expect([r.status, header(r, 'Location')]).toEqual([302, 'http://example.com/?u=/url/missing']);
});
