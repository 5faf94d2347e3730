// An error_page whose URI answers with `return 204`: the answer goes out with the error's status
// (r->err_status), so ngx_http_header_filter() never sees a 204 and keeps what
// ngx_http_send_response() set: the default type and Content-Length: 0, no chunked body.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { names } from '../support/pages.js';

const SERVER = `
        location /e { error_page 405 /return204; return 405; }
        location /e200 { error_page 404 =200 /return204; return 404; }
        location /return204 { return 204; }`;

test('error_page 405 /return204 with return 204 there: a 405 with the default type and Content-Length: 0', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  const heads: string[] = [];
  for (const uri of ['/e', '/e200']) {
    const r = await p.send(get(uri, p.port));
    heads.push([r.statusLine, ...names(r.headers).filter((n) => n !== 'Date').map((n) => `${n}: ${r.headers.find(([h]) => h === n)![1]}`), `body=${JSON.stringify(r.body)}`].join(' | '));
  }
  expect(heads).toEqual([
    'HTTP/1.1 405 Not Allowed | Server: nginx/1.22.1 | Content-Type: application/octet-stream | Content-Length: 0 | Connection: keep-alive | body=""',
    'HTTP/1.1 200 OK | Server: nginx/1.22.1 | Content-Type: application/octet-stream | Content-Length: 0 | Connection: keep-alive | body=""',
  ]);
  expect(p.access().map((l) => l.replace(/^.*?"GET /, '"GET '))).toEqual(['"GET /e HTTP/1.1" 405 0 "-" "-"', '"GET /e200 HTTP/1.1" 200 0 "-" "-"']);
});
