// ngx_http_rewrite_module's `return` and `rewrite` as admin SPA confs use them: RuoYi's
// `rewrite ^/prod-api/(.*)$ /$1 break;` before proxy_pass (the upstream gets the rewritten URI
// whole, proxy_pass's URI left out), `last` choosing the location again, redirects and their
// Location header's place, the args, rewrite_log's lines, the cycle 500, and the conf errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, names, withoutDate, pageHeaders } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

const requestLine = (raw: string) => raw.split('\r\n')[0];
const ctx = (request: string) => `client: 127.0.0.1, server: localhost, request: "${request}", host: "127.0.0.1:P"`;

test('RuoYi: rewrite ^/prod-api/(.*)$ /$1 break before proxy_pass http://localhost:U/admin/ sends the rewritten URI whole, args kept', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /prod-api/ { rewrite ^/prod-api/(.*)$ /$1 break; proxy_pass http://localhost:U/admin/; }' });
  const r = await p.send(get('/prod-api/system/user/list?pageNum=1&pageSize=10', p.port));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /system/user/list?pageNum=1&pageSize=10 HTTP/1.0']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /prod-api/system/user/list?pageNum=1&pageSize=10 HTTP/1.1" 200 ' + r.body.length + ' "-" "-"']);
  expect(p.requestLog()).toEqual([]);
});

test('rewrite ... last chooses the location again: the new one replaces its own prefix with proxy_pass\'s URI', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /old/ { rewrite ^/old/(.*)$ /api/$1 last; return 404; }' });
  const r = await p.send(get('/old/users?id=7', p.port));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /admin/users?id=7 HTTP/1.0']);
});

test('a rewrite without a flag goes on with the location\'s next directives, which see the new $uri', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /nf/ { rewrite ^/nf/(.*)$ /x/$1; return 200 "uri=$uri args=$args"; }' });
  const r = await p.send(get('/nf/a?z=2', p.port));
  expect(r.body).toBe('uri=/x/a args=z=2');
});

test('a server-level rewrite runs before the location is chosen', async ({ startProxy }) => {
  const p = await startProxy({ server: 'rewrite ^/v1/(.*)$ /api/$1;' });
  await p.send(get('/v1/items', p.port));
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /admin/items HTTP/1.0']);
});

test('args: a replacement ending in ? drops them, one with ?a=b puts its own first', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /drop/ { rewrite ^/drop/(.*)$ /api/$1? break; proxy_pass http://localhost:U; }
        location /add/ { rewrite ^/add/(.*)$ /api/$1?a=b break; proxy_pass http://localhost:U; }`,
  });
  await p.send(get('/drop/x?q=1', p.port));
  await p.send(get('/add/x?q=1', p.port));
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /api/x HTTP/1.0', 'GET /api/x?a=b&q=1 HTTP/1.0']);
});

test('redirect and permanent: a relative Location made absolute in its place; http:// is a 302 with its Location after Connection', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /redir/ { rewrite ^/redir/(.*)$ /new/$1 redirect; }
        location /perm/ { rewrite ^/perm/(.*)$ /new/$1?x=1 permanent; }
        location /abs/ { rewrite ^/abs/(.*)$ http://other.example/$1; }`,
  });
  const redir = await p.send(get('/redir/a?q=1', p.port));
  expect(redir.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(withoutDate(redir.headers)).toEqual([...pageHeaders(145).slice(0, 3), ['Location', `http://127.0.0.1:${p.port}/new/a?q=1`], ['Connection', 'keep-alive']]);
  expect(redir.body).toBe(PAGES[302]);
  const perm = await p.send(get('/perm/a?q=1', p.port));
  expect(perm.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(perm.headers.find(([n]) => n === 'Location')?.[1]).toBe(`http://127.0.0.1:${p.port}/new/a?x=1&q=1`);
  expect(perm.body).toBe(PAGES[301]);
  const abs = await p.send(get('/abs/a?q=1', p.port));
  expect(abs.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(names(abs.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'Location']);
  expect(abs.headers.find(([n]) => n === 'Location')?.[1]).toBe('http://other.example/a?q=1');
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /redir/a?q=1 HTTP/1.1" 302 145 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /perm/a?q=1 HTTP/1.1" 301 169 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /abs/a?q=1 HTTP/1.1" 302 145 "-" "-"',
  ]);
});

test('rewrite_log on: [notice] lines for each match, miss and result, the script going on with the new URI', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'notice',
    server: `rewrite_log on;
        location /rl/ { rewrite ^/nomatch /y; rewrite ^/rl/(.*)$ /x/$1?k=v; rewrite ^/rl/ http://a.example/ redirect; return 200 "$uri"; }`,
  });
  const r = await p.send(get('/rl/a?q=1', p.port));
  expect(r.body).toBe('/x/a');
  const c = ctx('GET /rl/a?q=1 HTTP/1.1');
  expect(p.requestLog()).toEqual([
    `TIME [notice] PID: *2 "^/nomatch" does not match "/rl/a", ${c}`,
    `TIME [notice] PID: *2 "^/rl/(.*)$" matches "/rl/a", ${c}`,
    `TIME [notice] PID: *2 rewritten data: "/x/a", args: "k=v&q=1", ${c}`,
    `TIME [notice] PID: *2 "^/rl/" does not match "/x/a", ${c}`,
  ]);
});

test('a rewrite cycle: the eleventh change of the URI is nginx\'s [error] and a 500', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'notice', server: 'location /cyc/ { rewrite_log on; rewrite ^/cyc/(.*)$ /cyc/$1 last; }' });
  const r = await p.send(get('/cyc/a', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(177, 'close'));
  expect(r.body).toBe(PAGES[500]);
  const log = p.requestLog();
  expect(log.filter((l) => l.includes('matches')).length).toBe(11);
  expect(log.at(-1)).toBe(`TIME [error] PID: *2 rewrite or internal redirection cycle while processing "/cyc/a", ${ctx('GET /cyc/a HTTP/1.1')}`);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /cyc/a HTTP/1.1" 500 177 "-" "-"']);
});

test('rewrites and internal redirects count together: index and a rewrite back to / end at the index\'s redirect', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location = /index.html { rewrite ^ / last; }' });
  const r = await p.send(get('/', p.port));
  expect(r.status).toBe(500);
  expect(p.requestLog()).toEqual([`TIME [error] PID: *2 rewrite or internal redirection cycle while internally redirecting to "/index.html", ${ctx('GET / HTTP/1.1')}`]);
});

test('break after a rewrite without a flag keeps the URI: proxy_pass then passes it whole', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /brk/ { rewrite ^/brk/(.*)$ /x/$1; break; proxy_pass http://localhost:U/admin/; }' });
  await p.send(get('/brk/a?k=1', p.port));
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /x/a?k=1 HTTP/1.0']);
});

test('return with a text: Content-Type by the URI\'s extension or default_type, the text as the body; HEAD has none', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /r/ { return 200 \'ok\'; }\n        location /r404/ { return 404 "nf"; }' });
  const r = await p.send(get('/r/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Type', 'application/octet-stream'], ['Content-Length', '2'], ['Connection', 'keep-alive']]);
  expect(r.body).toBe('ok');
  expect((await p.send(get('/r/a.html', p.port))).headers.find(([n]) => n === 'Content-Type')?.[1]).toBe('text/html');
  const head = await p.send(get('/r/', p.port, [], 'HEAD'), { head: true });
  expect(head.headers.find(([n]) => n === 'Content-Length')?.[1]).toBe('2');
  expect(head.body).toBe('');
  const nf = await p.send(get('/r404/', p.port));
  expect(nf.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(nf.body).toBe('nf');
  const body = await p.send(post('/r/', p.port, 'x=1'));
  expect(body.body).toBe('ok');
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /r/ HTTP/1.1" 200 2 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /r/a.html HTTP/1.1" 200 2 "-" "-"',
    '127.0.0.1 - - [TIME] "HEAD /r/ HTTP/1.1" 200 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /r404/ HTTP/1.1" 404 2 "-" "-"',
    '127.0.0.1 - - [TIME] "POST /r/ HTTP/1.1" 200 2 "-" "-"',
  ]);
});

test('return without a text: 204 with no Content-Type or Content-Length, 200 empty, 404 nginx\'s page, 444 closes unanswered', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /r204/ { return 204; }\n        location /r200/ { return 200; }\n        location /r404/ { return 404; }\n        location /r444/ { return 444; }' });
  const r204 = await p.send(get('/r204/', p.port));
  expect(r204.statusLine).toBe('HTTP/1.1 204 No Content');
  expect(names(r204.headers)).toEqual(['Server', 'Date', 'Connection']);
  const r200 = await p.send(get('/r200/', p.port));
  expect(withoutDate(r200.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Type', 'application/octet-stream'], ['Content-Length', '0'], ['Connection', 'keep-alive']]);
  const r404 = await p.send(get('/r404/', p.port));
  expect(withoutDate(r404.headers)).toEqual(pageHeaders(153));
  expect(r404.body).toBe(PAGES[404]);
  const r444 = await p.send(get('/r444/', p.port));
  expect(r444.raw).toBe('');
  expect(r444.closed).toBe(true);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /r204/ HTTP/1.1" 204 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /r200/ HTTP/1.1" 200 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /r404/ HTTP/1.1" 404 153 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /r444/ HTTP/1.1" 444 0 "-" "-"',
  ]);
});

test('return redirects: 301 https://$host$request_uri after Connection, 302 /login made absolute in its place, return URL is a 302', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /https/ { return 301 https://$host$request_uri; }\n        location /login/ { return 302 /login; }\n        location /url/ { return http://example.com/x; }' });
  const https = await p.send(get('/https/a?q=1', p.port));
  expect(https.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(https.headers)).toEqual([...pageHeaders(169), ['Location', 'https://127.0.0.1/https/a?q=1']]);
  expect(https.body).toBe(PAGES[301]);
  const login = await p.send(get('/login/', p.port));
  expect(withoutDate(login.headers)).toEqual([...pageHeaders(145).slice(0, 3), ['Location', `http://127.0.0.1:${p.port}/login`], ['Connection', 'keep-alive']]);
  const url = await p.send(get('/url/', p.port));
  expect(url.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(url.headers.find(([n]) => n === 'Location')?.[1]).toBe('http://example.com/x');
});

test('return in a server block answers every request before any location', async ({ startProxy }) => {
  const p = await startProxy({ server: 'return 301 https://$host$request_uri;' });
  const r = await p.send(get('/api/x', p.port));
  expect(r.status).toBe(301);
  expect(r.headers.find(([n]) => n === 'Location')?.[1]).toBe('https://127.0.0.1/api/x');
  expect(p.upstream.received).toEqual([]);
});

const confErrors: [string, string][] = [
  ['return 1000;', 'invalid return code "1000"'],
  ['return /x;', 'invalid return code "/x"'],
  ['rewrite ^(a /x;', 'pcre2_compile() failed: missing closing parenthesis in "^(a"'],
  ['rewrite a "";', 'empty replacement'],
  ['rewrite a b c;', 'invalid parameter "c"'],
  ['set a 1;', 'invalid variable name "a"'],
  ['set $uri 1;', 'the duplicate "uri" variable'],
];

for (const [directive, message] of confErrors) {
  test(`conf error: ${directive} is nginx's [emerg] ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { server: directive });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(directive)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}

test('RuoYi with an escaped URI: the capture goes into the rewritten URI decoded, and proxy_pass escapes it as nginx does', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /prod-api/ { rewrite ^/prod-api/(.*)$ /$1 break; proxy_pass http://localhost:U/admin/; }' });
  await p.send(get('/prod-api/a%20b?q=%20', p.port));
  await p.send(get('/prod-api/c+d', p.port));
  await p.send(get('/prod-api/e&f', p.port));
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /a%20b?q=%20 HTTP/1.0', 'GET /c+d HTTP/1.0', 'GET /e&f HTTP/1.0']);
});

test('captures of an escaped URI: escaped in a replacement\'s args, in a set value, and in a redirect (then decoded past `%`)', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'notice',
    server: `rewrite_log on;
        location /q/ { rewrite ^/q/(.*)$ /n/$1 redirect; }
        location /q2/ { rewrite ^/q2/(.*)$ /n?x=$1; return 200 "args=$args uri=$uri"; }
        location /q4/ { if ($uri ~ ^/q4/(.*)$) { set $v $1; } return 200 "v=$v"; }`,
  });
  const location = async (u: string) => (await p.send(get(u, p.port))).headers.find(([n]) => n === 'Location')?.[1];
  expect(await location('/q/a%20b')).toBe(`http://127.0.0.1:${p.port}/n/a%20b`);
  expect(await location('/q/c+d')).toBe(`http://127.0.0.1:${p.port}/n/c+d`);
  expect((await p.send(get('/q2/c+d&e', p.port))).body).toBe('args=x=c%2Bd%26e uri=/n');
  expect((await p.send(get('/q4/a%20b', p.port))).body).toBe('v=a%20b');
  expect((await p.send(get('/q4/ab', p.port))).body).toBe('v=ab');
  expect(p.requestLog().filter((l) => l.includes('rewritten'))).toEqual([
    expect.stringContaining('rewritten redirect: "/n/a%20b"'),
    expect.stringContaining('rewritten redirect: "/n/c+d"'),
    expect.stringContaining('rewritten data: "/n", args: "x=c%2Bd%26e"'),
  ]);
});

test('a set variable in proxy_set_header', async ({ startProxy }) => {
  const p = await startProxy({ api: 'set $tenant "t-$arg_t"; proxy_set_header X-Tenant $tenant;' });
  await p.send(get('/api/x?t=7', p.port));
  expect(p.upstream.received[0].raw).toContain('\r\nX-Tenant: t-7\r\n');
});

test('return with a text to a POST that expects 100-continue: nginx answers the Continue, drops the body, then the text', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /r/ { return 200 ok; }\n        location /e/ { return 403; }' });
  const ok = await p.send(post('/r/', p.port, 'x=1', ['Expect: 100-continue']));
  expect(ok.interim).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  expect(ok.body).toBe('ok');
  const denied = await p.send(post('/e/', p.port, 'x=1', ['Expect: 100-continue']));
  expect(denied.interim).toEqual([]);
  expect(denied.status).toBe(403);
});

test('a rewrite ... last to the name of a proxied location without its slash gets that location\'s 301, as a request would', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /go/ { rewrite ^ /api last; }' });
  const r = await p.send(get('/go/?a=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(r.headers.find(([n]) => n === 'Location')?.[1]).toBe(`http://127.0.0.1:${p.port}/api/?a=1`);
});

test('a rewrite ... last to a location with a smaller client_max_body_size: its 413', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /up/ { rewrite ^ /small/ last; }\n        location /small/ { client_max_body_size 1; return 200 ok; }' });
  const r = await p.send(post('/up/', p.port, 'x=1'));
  expect(r.status).toBe(413);
  expect(p.requestLog()).toEqual(['TIME [error] PID: *2 client intended to send too large body: 3 bytes, client: 127.0.0.1, server: localhost, request: "POST /up/ HTTP/1.1", host: "127.0.0.1:P"']);
});

test('a whole admin conf: an old host redirected to the new, CORS preflight, RuoYi\'s /prod-api/ rewrite, the SPA fallback', async ({ startProxy }) => {
  const conf = `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 1024; }
http {
    include mime.types;
    default_type application/octet-stream;
    access_log logs/access.log;
    server {
        listen 127.0.0.1:P;
        server_name old.example.com;
        return 301 http://admin.example.com:P$request_uri;
    }
    server {
        listen 127.0.0.1:P default_server;
        server_name admin.example.com;
        location / {
            root html;
            index index.html;
            if (!-e $request_filename) {
                rewrite ^(.*)$ /index.html last;
            }
        }
        location /prod-api/ {
            if ($request_method = 'OPTIONS') {
                return 204;
            }
            proxy_set_header Host $http_host;
            proxy_set_header X-Real-IP $remote_addr;
            rewrite ^/prod-api/(.*)$ /$1 break;
            proxy_pass http://localhost:U/admin/;
        }
    }
}
`;
  const p = await startProxy({ conf });
  const old = await p.send(`GET /system/user?id=1 HTTP/1.1\r\nHost: old.example.com\r\n\r\n`);
  expect(old.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(old.headers)).toEqual([...pageHeaders(169), ['Location', `http://admin.example.com:${p.port}/system/user?id=1`]]);
  const pre = await p.send(`OPTIONS /prod-api/login HTTP/1.1\r\nHost: admin.example.com\r\nOrigin: http://localhost:80\r\n\r\n`);
  expect(pre.statusLine).toBe('HTTP/1.1 204 No Content');
  const api = await p.send(`POST /prod-api/login HTTP/1.1\r\nHost: admin.example.com\r\nContent-Length: 2\r\n\r\n{}`);
  expect(api.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw.split('\r\n').slice(0, 3))).toEqual([['POST /login HTTP/1.0', 'Host: admin.example.com', 'X-Real-IP: 127.0.0.1']]);
  const spa = await p.send(`GET /system/user HTTP/1.1\r\nHost: admin.example.com\r\n\r\n`);
  expect(spa.status).toBe(200);
  expect(spa.body).toBe('<h1>index</h1>\n');
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /system/user?id=1 HTTP/1.1" 301 169 "-" "-"',
    '127.0.0.1 - - [TIME] "OPTIONS /prod-api/login HTTP/1.1" 204 0 "-" "-"',
    `127.0.0.1 - - [TIME] "POST /prod-api/login HTTP/1.1" 200 ${api.body.length} "-" "-"`,
    '127.0.0.1 - - [TIME] "GET /system/user HTTP/1.1" 200 15 "-" "-"',
  ]);
  expect(p.requestLog()).toEqual([]);
});

test('return of an error code goes through error_page; a redirect\'s Location stays on the error page served for its code', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /gone/ { error_page 404 =200 /x; return 404; }
        location /moved/ { error_page 301 /x; return 301 http://a.example/; }
        location /rel/ { error_page 302 /x; rewrite ^ /new redirect; }`,
  });
  const gone = await p.send(get('/gone/', p.port));
  expect(gone.statusLine).toBe('HTTP/1.1 200 OK');
  expect(gone.body).toBe('hello\n');
  const moved = await p.send(get('/moved/', p.port));
  expect(moved.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(names(moved.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'Location', 'ETag']);
  expect(moved.headers.find(([n]) => n === 'Location')?.[1]).toBe('http://a.example/');
  expect(moved.body).toBe('hello\n');
  const rel = await p.send(get('/rel/', p.port));
  expect(rel.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(names(rel.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Location', 'Connection', 'ETag']);
  expect(rel.headers.find(([n]) => n === 'Location')?.[1]).toBe(`http://127.0.0.1:${p.port}/new`);
});

test('$scheme at the start of a return URL or a replacement makes a redirect', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /s1/ { return $scheme://$host/one; }\n        location /s2/ { rewrite ^ $scheme://$host/two permanent; }' });
  const one = await p.send(get('/s1/', p.port));
  expect([one.status, one.headers.find(([n]) => n === 'Location')?.[1]]).toEqual([302, 'http://127.0.0.1/one']);
  const two = await p.send(get('/s2/?a=1', p.port));
  expect([two.status, two.headers.find(([n]) => n === 'Location')?.[1]]).toEqual([301, 'http://127.0.0.1/two?a=1']);
});

test('set $http_foo: the value set for the rest of the request; where it is not set, the header\'s; an SSI echo sees it too', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location = /set { set $http_foo "set_foo"; return 200 "[$http_foo]"; }
        location = /unset { return 200 "[$http_foo]"; }
        location = /ssi { ssi on; default_type text/html; set $cookie_a "set_a"; return 200 '[<!--#echo var="cookie_a" -->]'; }`,
  });
  const foo = ['Foo: from_header'];
  expect((await p.send(get('/set', p.port, foo))).body).toBe('[set_foo]');
  expect((await p.send(get('/unset', p.port, foo))).body).toBe('[from_header]');
  expect((await p.send(get('/ssi', p.port, ['Cookie: a=1']))).body).toBe('[set_a]');
});
