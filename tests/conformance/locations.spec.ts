// Which location serves a URI (ngx_http_core_find_location()): exact, `^~`, regexes in the conf's
// order, the longest prefix, nested and named locations; alias; and the conf errors nginx 1.22.1
// gives for them. Each location below answers with a file named after it (`try_files /which/NAME`).
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';
import { logLine, serverConf, writeFiles } from '../support/locations-conf.js';

const NAMES = ['exact', 'noregex', 'js', 'JS', 'root', 'prefix', 'nested', 'nested-js', 'nested-deep', 'cap', 'blog-42', 'router', 'dot'];
const which = (name: string) => `try_files /which/${name} =500;`;

const ORDER = serverConf(`
        location = /exact.js { ${which('exact')} }
        location ^~ /static/ { ${which('noregex')} }
        location /n/ {
            ${which('nested')}
            location ~ \\.js$ { ${which('nested-js')} }
            location ^~ /n/deep/ { ${which('nested-deep')} }
        }
        location ~ \\.js$ { ${which('js')} }
        location ~* \\.JS$ { ${which('JS')} }
        location ~ ^/(?<section>[a-z]+)/(\\d+)\\.css$ { try_files /which/$section-$2 /which/cap =500; }
        location ~ ^/dot/.$ { ${which('dot')} }
        location / { ${which('root')} }
        location /pre { ${which('prefix')} }
        location @router { ${which('router')} }`);

async function served(p: { prefix: string; port: number; send: (r: string) => Promise<{ body: string }> }, uris: string[]): Promise<string[]> {
  writeFiles(p.prefix, Object.fromEntries(NAMES.map((n) => [`html/which/${n}`, n])));
  const out: string[] = [];
  for (const u of uris) out.push(`${u} ${(await p.send(get(u, p.port))).body}`);
  return out;
}

test('exact wins, then ^~, then the first regex in the conf\'s order (~* caseless), then the longest prefix', async ({ startProxy }) => {
  const p = await startProxy({ conf: ORDER });
  expect(await served(p, ['/exact.js', '/exact.js/', '/static/a.js', '/assets/a.js', '/a.JS', '/A.Js', '/b.css', '/prefix', '/pre.js', '/@router'])).toEqual([
    '/exact.js exact',
    '/exact.js/ root',
    '/static/a.js noregex',
    '/assets/a.js js',
    '/a.JS JS',
    '/A.Js JS',
    '/b.css root',
    '/prefix prefix',
    '/pre.js js',
    // No request URI selects a named location.
    '/@router root',
  ]);
  await expect.poll(() => p.access()).toContain('127.0.0.1 - - [TIME] "GET /A.Js HTTP/1.1" 200 2 "-" "-"');
});

test('nested: the chosen prefix\'s own regexes come first; a nested ^~ does not keep the server\'s regexes away', async ({ startProxy }) => {
  const p = await startProxy({ conf: ORDER });
  expect(await served(p, ['/n/x', '/n/a.js', '/n/deep/b.css', '/n/deep/a.js'])).toEqual(['/n/x nested', '/n/a.js nested-js', '/n/deep/b.css nested-deep', '/n/deep/a.js js']);
});

test('`/api` of a proxied `location /api/` is the 301 to /api/ before any regex is tried, nested too', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /api/ { proxy_pass http://localhost:U/admin/; }
        location ~ ^/api$ { ${which('js')} }
        location /n/ {
            location /n/api/ { proxy_pass http://localhost:U/admin/; }
            location ~ api$ { ${which('nested-js')} }
        }`),
  });
  for (const t of ['/api', '/n/api']) {
    const r = await p.send(get(t, p.port));
    expect(r.statusLine, t).toBe('HTTP/1.1 301 Moved Permanently');
    expect(r.headers.find(([n]) => n === 'Location'), t).toEqual(['Location', `http://127.0.0.1:${p.port}${t}/`]);
  }
});

test('PCRE\'s `$` matches before a last newline, and its `.` takes a \\r but not a \\n (%0A, %0D in the URI)', async ({ startProxy }) => {
  const p = await startProxy({ conf: ORDER });
  expect(await served(p, ['/a.js%0A', '/a.js%0A%0A', '/dot/%0D', '/dot/%0A'])).toEqual(['/a.js%0A js', '/a.js%0A%0A root', '/dot/%0D dot', '/dot/%0A root']);
});

test('a regex\'s captures, numbered and named ($section), in the names try_files tests', async ({ startProxy }) => {
  const p = await startProxy({ conf: ORDER });
  expect(await served(p, ['/blog/42.css', '/blog/7.css', '/Blog/42.css'])).toEqual(['/blog/42.css blog-42', '/blog/7.css cap', '/Blog/42.css root']);
});

test('alias: the location\'s name replaced by the path (a last slash kept as written), a regex\'s alias with its captures', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /up/ { alias data/up/; }
        location /noslash { alias data/up; }
        location ~ ^/rx/(.*)$ { alias data/up/$1; }
        location = /one { alias data/up/a.txt; }`),
  });
  writeFiles(p.prefix, { 'data/up/a.txt': 'up\n', 'data/up/sub/index.html': 'idx\n' });
  const rs: [string, number, string][] = [];
  for (const u of ['/up/a.txt', '/up/sub?k=1', '/up/sub/', '/up/nothing', '/noslash/a.txt', '/noslasha.txt', '/rx/a.txt', '/rx/sub', '/rx/sub/', '/one']) {
    const r = await p.send(get(u, p.port));
    rs.push([u, r.status, r.headers.find(([n]) => n === 'Location')?.[1] ?? r.body]);
  }
  expect(rs).toEqual([
    ['/up/a.txt', 200, 'up\n'],
    ['/up/sub?k=1', 301, `http://127.0.0.1:${p.port}/up/sub/?k=1`],
    ['/up/sub/', 200, 'idx\n'],
    ['/up/nothing', 404, PAGES[404]],
    ['/noslash/a.txt', 200, 'up\n'],
    ['/noslasha.txt', 404, PAGES[404]],
    ['/rx/a.txt', 200, 'up\n'],
    ['/rx/sub', 301, `http://127.0.0.1:${p.port}/rx/sub/`],
    ['/rx/sub/', 200, 'idx\n'],
    ['/one', 200, 'up\n'],
  ]);
  expect(p.requestLog()).toEqual([
    logLine(5, 'error', 'open() "PREFIX/data/up/nothing" failed (2: No such file or directory)', 'GET /up/nothing HTTP/1.1'),
    logLine(7, 'error', 'open() "PREFIX/data/upa.txt" failed (2: No such file or directory)', 'GET /noslasha.txt HTTP/1.1'),
  ]);
});

/** Server blocks nginx refuses, and its `[emerg]` for each (the line is the block's, 20). */
const REFUSED: [string, string][] = [
  ['location ~ ^/(a { }', 'pcre2_compile() failed: missing closing parenthesis in "^/(a"'],
  ['location ~ ^/a) { }', 'pcre2_compile() failed: unmatched closing parenthesis in "^/a)" at ")"'],
  ['location ~ a** { }', 'pcre2_compile() failed: quantifier does not follow a repeatable item in "a**" at "*"'],
  ['location ~* [a { }', 'pcre2_compile() failed: missing terminating ] for character class in "[a"'],
  ['location ~ (?<n>a)(?<n>b) { }', 'pcre2_compile() failed: two named subpatterns have the same name (PCRE2_DUPNAMES not set) in "(?<n>a)(?<n>b)" at "b)"'],
  ['location ~ [z-a] { }', 'pcre2_compile() failed: range out of order in character class in "[z-a]" at "a]"'],
  ['location ~ [\\w-.] { }', 'pcre2_compile() failed: invalid range in character class in "[\\w-.]" at "-.]"'],
  ['location ~ (?<1a>x) { }', 'pcre2_compile() failed: subpattern name must start with a non-digit in "(?<1a>x)" at "1a>x)"'],
  ['location ~ (a)\\2 { }', 'pcre2_compile() failed: reference to non-existent subpattern in "(a)\\2" at "2"'],
  ["location ~ '\\\\' { }", 'pcre2_compile() failed: \\ at end of pattern in "\\"'],
  // Found as nginx meets the nested location, before the parent's later lines.
  ['location /a/ { location /b/ { } bogus; }', 'location "/b/" is outside location "/a/"'],
  ['location = /a/ { location /a/b { } }', 'location "/a/b" cannot be inside the exact location "/a/"'],
  ['location @a { location /a/b { } }', 'location "/a/b" cannot be inside the named location "@a"'],
  ['location /a/ { location @b { } }', 'named location "@b" can be on the server level only'],
  ['location ~ ^/a/ { location /a/b { } }', 'location "/a/b" is outside location "^/a/"'],
  ['location /a/ { location /a/b { } location /a/b { } }', 'duplicate location "/a/b"'],
  ['location @a { alias /x/; }', 'the "alias" directive cannot be used inside the named location'],
  ['location /a/ { root /x; alias /y/; }', '"alias" directive is duplicate, "root" directive was specified earlier'],
  ['location /a/ { alias /y/; root /x; }', '"root" directive is duplicate, "alias" directive was specified earlier'],
  ['location /a/ { alias /y/; alias /x; }', '"alias" directive is duplicate'],
  ['location /a/ { alias $document_root/x; }', 'the $document_root variable cannot be used in the "alias" directive'],
  ['location /a/ { index a.html ""; }', 'index "a.html" in "index" directive is invalid'],
  ['location /a/ { try_files $uri; }', 'invalid number of arguments in "try_files" directive'],
  ['location /a/ { try_files $uri =abc; }', 'invalid code "=abc"'],
  ['location /a/ { try_files $uri =1000; }', 'invalid code "=1000"'],
  ['location /a/ { try_files $uri =404; try_files a b; }', '"try_files" directive is duplicate'],
  ['location /a/ { try_files $nosuch =404; }', 'unknown "nosuch" variable'],
  ['location ~ ^/a/ { proxy_pass http://127.0.0.1:9/x/; }', '"proxy_pass" cannot have URI part in location given by regular expression, or inside named location, or inside "if" statement, or inside "limit_except" block'],
  ['location @a { proxy_pass http://127.0.0.1:9/x/; }', '"proxy_pass" cannot have URI part in location given by regular expression, or inside named location, or inside "if" statement, or inside "limit_except" block'],
];

test('the conf errors of locations, alias and try_files, in nginx\'s words', async ({ engine }, testInfo) => {
  const got: string[] = [];
  for (const [i, [block]] of REFUSED.entries()) {
    const conf = serverConf(`\n\n\n        ${block}`);
    const line = conf.split('\n').findIndex((l) => l.includes(block)) + 1;
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { conf });
    got.push(f.error.message.replace(`${f.prefix}/conf/nginx.conf:${line}`, 'LINE'));
  }
  expect(got).toEqual(REFUSED.map(([, m]) => (m.startsWith('unknown "') ? `nginx: [emerg] ${m}` : `nginx: [emerg] ${m} in LINE`)));
});
