// proxy_next_upstream http_500 (and the other statuses): an answer with that status sends the
// request to the next peer while one is left (ngx_http_upstream_test_next()), and counts as the
// peer's failure, except a 403 or 404. The peers are the engine itself, [::1] answering 500 or 404.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

const HTTP = `
    upstream two {
        server [::1]:P;
        server 127.0.0.1:P;
    }`;
const SERVER = `
        location /n500/ { proxy_pass http://two/answer/; proxy_next_upstream http_500; add_header X-Statuses $upstream_status always; }
        location /n404/ { proxy_pass http://two/missing/; proxy_next_upstream error http_404; add_header X-Statuses $upstream_status always; }
        location /plain/ { proxy_pass http://two/answer/; add_header X-Statuses $upstream_status always; }
        location /answer/ {
            if ($server_addr = "::1") { return 500 "first\\n"; }
            return 200 "second\\n";
        }
        location /missing/ {
            if ($server_addr = "::1") { return 404; }
            return 200 "second\\n";
        }`;

const seen = (r: { status: number; body: string; headers: [string, string][] }) => `${r.status} ${r.headers.find(([n]) => n === 'X-Statuses')?.[1]} ${r.body.trim().split('\n')[0]}`;

test('proxy_next_upstream http_500: the 500 of [::1] goes to 127.0.0.1, which answers; [::1] is then failed', async ({ startProxy }) => {
  const p = await startProxy({ http: HTTP, server: SERVER, errorLogLevel: 'warn' });
  const first = await p.send(get('/n500/x', p.port));
  const second = await p.send(get('/n500/x', p.port));
  expect([seen(first), seen(second)]).toEqual([`200 500, 200 second`, `200 200 second`]);
  expect(p.requestLog().filter((l) => l.includes('[warn]')).map((l) => l.replace(/\*\d+ /, '*N '))).toEqual([
    'TIME [warn] PID: *N upstream server temporarily disabled while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "GET /n500/x HTTP/1.1", upstream: "http://[::1]:P/answer/x", host: "127.0.0.1:P"',
  ]);
});

test('proxy_next_upstream http_404 is no failure of the peer; without http_500 a 500 is passed on as it came', async ({ startProxy }) => {
  const p = await startProxy({ http: HTTP, server: SERVER, errorLogLevel: 'warn' });
  const answers = [];
  for (const uri of ['/n404/x', '/n404/x', '/plain/x']) answers.push(seen(await p.send(get(uri, p.port))));
  // Round robin: the second /n404/ starts at 127.0.0.1, the /plain/ after it at [::1] again.
  expect(answers).toEqual(['200 404, 200 second', '200 200 second', '500 500 first']);
  expect(p.requestLog().filter((l) => l.includes('[warn]'))).toEqual([]);
});
