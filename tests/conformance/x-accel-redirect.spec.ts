// X-Accel-Redirect from the upstream: followed as an internal redirect (a GET; the args after a
// written `?`; escapes decoded; unsafe URIs a 404), or to a named location; only Content-Type,
// Set-Cookie, Content-Disposition, Cache-Control, Expires and Accept-Ranges of the upstream's
// answer are kept.
// proxy_ignore_headers X-Accel-Redirect passes the answer on instead. The upstream is the engine
// itself (a location that adds the header), as in nginx's own proxy_xar.t.
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';

const SERVER = `
        location /proxy { proxy_pass http://127.0.0.1:P/xar; }
        location /ignored { proxy_pass http://127.0.0.1:P/xar; proxy_ignore_headers X-Accel-Redirect; }
        location /xar {
            add_header X-Accel-Redirect $arg_to;
            add_header Content-Type text/blah;
            add_header Set-Cookie a=b;
            add_header Cache-Control no-cache;
            add_header Something other;
            return 204;
        }
        location /target { return 200 "target uri=$uri args=$args\\n"; }
        location @named { return 200 "named uri=$uri\\n"; }`;

/** The status, the headers after Date, and the body. */
const answer = (r: { statusLine: string; headers: [string, string][]; body: string }) =>
  [r.statusLine, ...r.headers.filter(([n]) => n !== 'Date' && n !== 'Server').map(([n, v]) => `${n}: ${v}`), r.body].join(' | ');

test('GET /proxy with X-Accel-Redirect: /target answers, with the upstream\'s kept headers and type', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  expect(answer(await p.send(get('/proxy?to=/target', p.port)))).toBe(
    'HTTP/1.1 200 OK | Content-Type: text/blah | Content-Length: 25 | Connection: keep-alive | Set-Cookie: a=b | Cache-Control: no-cache | target uri=/target args=\n',
  );
});

test('X-Accel-Redirect: args after a written ?, escapes decoded, POST made GET, a named location, an unsafe URI', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  const bodies: string[] = [];
  for (const to of ['/target%3Fq=1', '/tar%67et%3Fq%3D1', '@named']) bodies.push((await p.send(get(`/proxy?to=${to}`, p.port))).body);
  // add_header writes $arg_to as it came: `?` arrives written only when the client's query held it.
  bodies.push((await p.send(get('/proxy?to=/target?x=1', p.port))).body);
  // A POST goes on as a GET: the static file answers it (a POST would be a 405).
  bodies.push((await p.send(post('/proxy?to=/x', p.port, 'abc'))).body);
  expect(bodies).toEqual(['target uri=/target?q=1 args=\n', 'target uri=/target?q=1 args=\n', 'named uri=/proxy\n', 'target uri=/target args=x=1\n', 'hello\n']);
  const unsafe = await p.send(get('/proxy?to=/x/../target', p.port));
  expect(unsafe.status).toBe(404);
  // Each proxied request is two connections here (the client's and the engine's own to itself).
  expect(p.requestLog().filter((l) => l.includes('unsafe URI')).map((l) => l.replace(/\*\d+ /, '*N '))).toEqual([
    'TIME [error] PID: *N unsafe URI "/x/../target" was detected while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "GET /proxy?to=/x/../target HTTP/1.1", upstream: "http://127.0.0.1:P/xar?to=/x/../target", host: "127.0.0.1:P"',
  ]);
});

test('proxy_ignore_headers X-Accel-Redirect: the upstream\'s 204 is passed on, X-Accel-Redirect hidden', async ({ startProxy }) => {
  const p = await startProxy({ server: SERVER });
  expect(answer(await p.send(get('/ignored?to=/target', p.port)))).toBe('HTTP/1.1 204 No Content | Content-Type: text/blah | Connection: keep-alive | Set-Cookie: a=b | Cache-Control: no-cache | Something: other | ');
});

test('X-Accel-Redirect keeps the upstream\'s Accept-Ranges: alone on a returned answer, before the static file\'s own; a POST is a GET in $request_method', async ({ startProxy }) => {
  const p = await startProxy({
    server: `
        location /proxy { proxy_pass http://127.0.0.1:P/xar; }
        location /xar {
            add_header X-Accel-Redirect $arg_to;
            add_header Accept-Ranges parrots;
            add_header Something other;
            return 204;
        }
        location /target { return 200 "target $request_method\\n"; }`,
  });
  expect(answer(await p.send(post('/proxy?to=/target', p.port, 'abc')))).toBe(
    'HTTP/1.1 200 OK | Content-Type: application/octet-stream | Content-Length: 11 | Connection: keep-alive | Accept-Ranges: parrots | target GET\n',
  );
  const file = await p.send(get('/proxy?to=/x', p.port));
  expect(file.headers.filter(([n]) => n === 'Accept-Ranges')).toEqual([
    ['Accept-Ranges', 'parrots'],
    ['Accept-Ranges', 'bytes'],
  ]);
});
