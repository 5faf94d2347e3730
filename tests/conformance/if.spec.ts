// `if` as admin SPA confs use it: the CORS preflight `if ($request_method = OPTIONS) { return 204; }`
// in a proxied location, the conditions (a variable alone, = and !=, regexes with their captures,
// -f -d -e on $request_filename), `set` inside and after, an `if` whose settings (root, proxy_pass)
// are the request's when it is true, and the conf errors nginx gives.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { names } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

const requestLine = (raw: string) => raw.split('\r\n')[0];

test('CORS preflight: OPTIONS gets the if\'s 204, other methods go to proxy_pass (which the if inherits)', async ({ startProxy }) => {
  const p = await startProxy({ api: 'if ($request_method = OPTIONS) { return 204; }' });
  const pre = await p.send(get('/api/users', p.port, ['Origin: http://localhost:5173', 'Access-Control-Request-Method: POST'], 'OPTIONS'));
  expect(pre.statusLine).toBe('HTTP/1.1 204 No Content');
  expect(names(pre.headers)).toEqual(['Server', 'Date', 'Connection']);
  const r = await p.send(get('/api/users?x=1', p.port));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /admin/users?x=1 HTTP/1.0']);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "OPTIONS /api/users HTTP/1.1" 204 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/users?x=1 HTTP/1.1" 200 ' + r.body.length + ' "-" "-"',
  ]);
});

test('conditions: regex captures, ~* caseless, !~ (no captures after a miss), empty and "0" false, = and !=', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /cond/ {
            if ($arg_m ~ ^(\\w+)-(\\d+)$) { return 200 "re $1 $2"; }
            if ($arg_m ~* ^ABC$) { return 200 "ci"; }
            if ($arg_m !~ ^z) { return 200 "notz [$1]"; }
            if ($arg_n) { return 200 "set $arg_n"; }
            if ($arg_o = "") { return 200 empty; }
            if ($arg_o != x) { return 200 "notx"; }
            return 200 "end";
        }`,
  });
  const body = async (q: string) => (await p.send(get(`/cond/?${q}`, p.port))).body;
  expect(await body('m=ab-12')).toBe('re ab 12');
  expect(await body('m=abc')).toBe('ci');
  expect(await body('m=q')).toBe('notz []');
  expect(await body('m=z&n=1')).toBe('set 1');
  expect(await body('m=z&n=0')).toBe('empty');
  expect(await body('m=z&o=x')).toBe('end');
  expect(await body('m=z&o=y')).toBe('notx');
});

test('file tests on $request_filename: -f a file, -d a directory, !-e neither', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /files/ {
            root html;
            if (-f $request_filename) { return 200 "file $uri"; }
            if (-d $request_filename) { return 200 "dir $uri"; }
            if (!-e $request_filename) { return 200 "none $uri"; }
        }`,
  });
  mkdirSync(join(p.prefix, 'html', 'files', 'sub'), { recursive: true });
  writeFileSync(join(p.prefix, 'html', 'files', 'a.txt'), 'a');
  const body = async (u: string) => (await p.send(get(u, p.port))).body;
  expect(await body('/files/a.txt')).toBe('file /files/a.txt');
  expect(await body('/files/sub')).toBe('dir /files/sub');
  expect(await body('/files/nope')).toBe('none /files/nope');
});

test('SPA fallback: if (!-e $request_filename) { rewrite ^/(.*)$ /index.html last; }', async ({ startProxy }) => {
  const p = await startProxy({ static: 'if (!-e $request_filename) { rewrite ^/(.*)$ /index.html last; }' });
  const r = await p.send(get('/user/profile', p.port));
  expect(r.status).toBe(200);
  expect(r.body).toBe('<h1>index</h1>\n');
  expect((await p.send(get('/x', p.port))).body).toBe('hello\n');
});

test('set: values with variables, an if\'s set, the directives after the if still run; an unset variable is empty with a [warn]', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'warn',
    server: `location /after/ { set $v a; if ($arg_x) { set $v b; } set $v "\${v}c"; return 200 "$v|$w"; }
        location /other/ { set $w 1; return 200 ok; }`,
  });
  expect((await p.send(get('/after/', p.port))).body).toBe('ac|');
  expect((await p.send(get('/after/?x=1', p.port))).body).toBe('bc|');
  const warn = (n: number, q: string) =>
    `TIME [warn] PID: *${n} using uninitialized "w" variable, client: 127.0.0.1, server: localhost, request: "GET /after/${q} HTTP/1.1", host: "127.0.0.1:P"`;
  expect(p.requestLog()).toEqual([warn(2, ''), warn(3, '?x=1')]);
});

test('an if\'s settings are the request\'s when it is true: its root serves the file, else the location\'s', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /r/ { if ($arg_alt) { root html/alt; } root html; }' });
  mkdirSync(join(p.prefix, 'html', 'r'), { recursive: true });
  mkdirSync(join(p.prefix, 'html', 'alt', 'r'), { recursive: true });
  writeFileSync(join(p.prefix, 'html', 'r', 'f'), 'main\n');
  writeFileSync(join(p.prefix, 'html', 'alt', 'r', 'f'), 'alt\n');
  expect((await p.send(get('/r/f', p.port))).body).toBe('main\n');
  expect((await p.send(get('/r/f?alt=1', p.port))).body).toBe('alt\n');
});

test('a server-level if runs before any location', async ({ startProxy }) => {
  const p = await startProxy({ server: 'if ($http_x_block) { return 403; }' });
  expect((await p.send(get('/api/x', p.port, ['X-Block: 1']))).status).toBe(403);
  expect((await p.send(get('/api/x', p.port))).status).toBe(200);
  expect(p.upstream.received.length).toBe(1);
});

const confErrors: [string, string, string][] = [
  ['if ($a = ) { }', 'set $a 1; if ($a = ) { }', 'invalid condition "$a"'],
  ['if (-q $a) { }', 'set $a 1; if (-q $a) { }', 'invalid condition "-q"'],
  ['if ($a == b) { }', 'set $a 1; if ($a == b) { }', 'unexpected "==" in condition'],
  ['if (a) { }', 'if (a) { }', 'invalid condition "a"'],
  ['if ($a ~ ^(x) { }', 'set $a 1; if ($a ~ ^(x) { }', 'pcre2_compile() failed: missing closing parenthesis in "^(x"'],
  ['if ($a) { if', 'set $a 1; if ($a) { if ($a) { } }', '"if" directive is not allowed here'],
  ['if ($a) { root', 'set $a 1; if ($a) { root /x; }', '"root" directive is not allowed here'],
  ['proxy_pass http://127.0.0.1:1/a/', 'location /p/ { if ($arg_a) { proxy_pass http://127.0.0.1:1/a/; } }', '"proxy_pass" cannot have URI part in location given by regular expression, or inside named location, or inside "if" statement, or inside "limit_except" block'],
  ['index a.html', 'location /p/ { if ($arg_a) { index a.html; } }', '"index" directive is not allowed here'],
];

for (const [marker, server, message] of confErrors) {
  test(`conf error: ${server} is nginx's [emerg] ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { server });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(marker)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}

test('conf error: an unknown variable in a condition is nginx\'s [emerg] without a place', async ({ engine }, testInfo) => {
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { server: 'if ($nosuch) { return 403; }' });
  expect(f.error.message).toBe('nginx: [emerg] unknown "nosuch" variable');
});

test('a true if without proxy_pass of its own proxies with the location\'s, its URI part replacing the prefix', async ({ startProxy }) => {
  const p = await startProxy({ api: 'if ($arg_p) { set $z 1; }' });
  await p.send(get('/api/a?p=1', p.port));
  await p.send(get('/api/b', p.port));
  expect(p.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /admin/a?p=1 HTTP/1.0', 'GET /admin/b HTTP/1.0']);
});

test('proxy_pass in a true if, then a second true if without it: the first if\'s handler runs with the second\'s settings, a 500 "no upstream configuration"', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /two-ifs { set $true 1; if ($true) { proxy_pass http://127.0.0.1:U; } if ($true) { } }' });
  const r = await p.send(get('/two-ifs', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([
    'TIME [alert] PID: *2 no upstream configuration, client: 127.0.0.1, server: localhost, request: "GET /two-ifs HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  // Without the second if, the first one's proxy_pass answers.
  const one = await startProxy({ server: 'location /one-if { set $true 1; if ($true) { proxy_pass http://127.0.0.1:U; } }' });
  expect((await one.send(get('/one-if', one.port))).status).toBe(200);
  expect(one.upstream.received.map((x) => requestLine(x.raw))).toEqual(['GET /one-if HTTP/1.0']);
});

test('an error_page set inside an if applies when it is true, the location\'s settings otherwise', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /ep/ { if ($arg_e) { error_page 404 =200 /x; } root html; }' });
  const caught = await p.send(get('/ep/missing?e=1', p.port));
  expect(caught.statusLine).toBe('HTTP/1.1 200 OK');
  expect(caught.body).toBe('hello\n');
  expect((await p.send(get('/ep/missing', p.port))).status).toBe(404);
});

test('variable names are case-insensitive; set $args changes $args and $arg_*, not $request_uri', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /c/ { set $Foo 1; return 200 "[$foo][$FOO][$HOST]"; }\n        location /a/ { set $args "x=1"; return 200 "[$args][$arg_x][$request_uri][$is_args]"; }' });
  expect((await p.send(get('/c/', p.port))).body).toBe('[1][1][127.0.0.1]');
  expect((await p.send(get('/a/?y=2', p.port))).body).toBe('[x=1][1][/a/?y=2][?]');
});

test('a server-level set is seen by the location; uninitialized_variable_warn off silences the [warn]', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'warn',
    server: `if ($arg_env) { set $env $arg_env; }
        location /env/ { uninitialized_variable_warn off; return 200 "env=$env"; }`,
  });
  expect((await p.send(get('/env/?env=dev', p.port))).body).toBe('env=dev');
  expect((await p.send(get('/env/', p.port))).body).toBe('env=');
  expect(p.requestLog()).toEqual([]);
});
