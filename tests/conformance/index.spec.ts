// The index module (ngx_http_index_module.c): index names with variables, evaluated per request,
// and log_not_found, which also silences its "…/index.html is not found".
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { writeFiles } from '../support/locations-conf.js';

test('index $server_name.html: the name is evaluated (localhost.html), not opened as written', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /site/ { root html; index $server_name.html; }' });
  writeFiles(p.prefix, { 'html/site/localhost.html': 'site\n' });
  const r = await p.send(get('/site/', p.port));
  expect(r.status).toBe(200);
  expect(r.body).toBe('site\n');
  expect(p.requestLog()).toEqual([]);
});

test('log_not_found off: a directory that is not there is a 404 without the "index.html is not found" line', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /quiet/ { root html; log_not_found off; }' });
  const quiet = await p.send(get('/quiet/', p.port));
  const logged = await p.send(get('/nodir/', p.port));
  expect([quiet.status, quiet.body, logged.status]).toEqual([404, PAGES[404], 404]);
  // Only the second request, in a location that logs it, has the line.
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *3 "PREFIX/html/nodir/index.html" is not found (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /nodir/ HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});
