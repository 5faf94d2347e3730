// ngx_http_log_module's own formats: `log_format name [escape=default|json|none] string ...` and
// `access_log path format [buffer=] [flush=] [if=]`, several at one level, `off`, inheritance; and
// the variables such formats name, the upstream ones after a refused first peer included. Times
// differ between engines: they are replaced by their shape (`S.MMM`), which is asserted exactly.
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';
import { startExpectingFailure } from '../support/startup.js';
import { freePort } from '../support/ports.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A whole conf: `http` directives before the server, `server` ones inside it (P and U are the ports). */
const conf = (http: string, server = '') => `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    default_type application/octet-stream;
${http}
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location / { root html; }
        location /api/ { proxy_pass http://localhost:U/admin/; }
${server}
    }
}
`;

/** A log file's lines; `skip`: the ready check's request, the first line of a log of `location /`. */
const lines = (p: ProxyUnderTest, file: string, skip = 1) => {
  try {
    return readFileSync(join(p.prefix, 'logs', file), 'latin1').split('\n').filter(Boolean).slice(skip);
  } catch {
    return [];
  }
};

/** Times by their shape: [time_local], ISO 8601, and seconds with milliseconds. */
const shape = (p: ProxyUnderTest, line: string) =>
  p
    .normalise(line)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/g, 'ISO')
    .replace(/\b\d+\.\d{3}\b/g, 'S.MMM');

const MAIN = `log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                  '$status $body_bytes_sent "$http_referer" '
                  '"$http_user_agent" "$http_x_forwarded_for"';
    access_log logs/access.log main;
    open_log_file_cache max=1000 inactive=20s valid=1m min_uses=2;
    server_names_hash_max_size 1024;
    map_hash_bucket_size 128;`;

test('log_format main (and the table sizes and open_log_file_cache of users\' confs): $http_x_forwarded_for (two headers joined by ", "), $remote_user from a Basic Authorization', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf(MAIN) });
  await p.send(get('/x', p.port, ['X-Forwarded-For: 10.0.0.1', 'X-Forwarded-For: 10.0.0.2', 'Authorization: Basic Ym9iOnNlY3JldA==', 'User-Agent: ua/1']));
  await p.send(get('/nothing', p.port, ['Referer: http://r/']));
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - bob [TIME] "GET /x HTTP/1.1" 200 6 "-" "ua/1" "10.0.0.1, 10.0.0.2"',
    '127.0.0.1 - - [TIME] "GET /nothing HTTP/1.1" 404 153 "http://r/" "-" "-"',
  ]);
});

test('escape=default, json and none, three access_log lines at one level: the same values, escaped three ways', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`log_format d '$http_x_a|$http_x_missing|$args|$status';
    log_format j escape=json '{"a":"$http_x_a","missing":"$http_x_missing","args":"$args","status":$status}';
    log_format n escape=none '$http_x_a|$http_x_missing|$args|$status';
    access_log logs/access.log d;
    access_log logs/json.log j;
    access_log logs/none.log n;`),
  });
  await p.send(get('/x?q=1', p.port, ['X-A: say "hi" \\ \x01\x1f\t\xe9\x7f end']));
  await p.send(get('/x?', p.port));
  await expect.poll(() => lines(p, 'none.log')).toHaveLength(2);
  expect(p.access()).toEqual(['say \\x22hi\\x22 \\x5C \\x01\\x1F\\x09\\xE9\\x7F end|-|q=1|200', '-|-|-|200']);
  expect(lines(p, 'json.log')).toEqual(['{"a":"say \\"hi\\" \\\\ \\u0001\\u001F\\t\xe9\x7f end","missing":"","args":"q=1","status":200}', '{"a":"","missing":"","args":"","status":200}']);
  expect(lines(p, 'none.log')).toEqual(['say "hi" \\ \x01\x1f\t\xe9\x7f end||q=1|200', '|||200']);
});

test('the request and connection variables: their values and shapes', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`log_format v '$request_method|$request_uri|$uri|$args|$query_string|$is_args|$arg_b|$cookie_c|$host|$server_name|$server_port|$server_addr|$scheme|$status|$body_bytes_sent|$bytes_sent|$request_length|$connection_requests|$pipe|$sent_http_content_type|$sent_http_content_length|$sent_http_connection|$content_length|$msec|$request_time|$time_iso8601|[$time_local]|$upstream_addr';
    access_log logs/access.log v;`),
  });
  await p.send(get('/x?a=1&B=2', p.port, ['Cookie: d=4; c=3', 'Connection: close']));
  await p.send(post('/nothing', p.port, 'hello', ['Connection: close']));
  await expect.poll(() => p.access()).toHaveLength(2);
  // $request_length is the head's bytes (87 both), not the body dropped after a static answer;
  // $bytes_sent the head's and the body's.
  expect(p.accessLog().map((l) => shape(p, l).replace(`|${p.port}|`, '|P|'))).toEqual([
    'GET|/x?a=1&B=2|/x|a=1&B=2|a=1&B=2|?|2|3|127.0.0.1|localhost|P|127.0.0.1|http|200|6|250|87|1|.|application/octet-stream|6|close|-|S.MMM|S.MMM|ISO|[TIME]|-',
    'POST|/nothing|/nothing|-|-||-|-|127.0.0.1|localhost|P|127.0.0.1|http|404|153|303|87|1|.|text/html|153|close|5|S.MMM|S.MMM|ISO|[TIME]|-',
  ]);
});

test('$request_length of a proxied request: its head and its body as they came (a chunked body with its framing)', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf(`log_format v '$request_length';\n    access_log logs/access.log v;`) });
  const plain = post('/api/a', p.port, 'hello', ['Connection: close']);
  const chunked = post('/api/b', p.port, '5\r\nhello\r\n0\r\n\r\n', ['Transfer-Encoding: chunked', 'Connection: close']);
  for (const r of [plain, chunked]) expect((await p.send(r)).status).toBe(200);
  await expect.poll(() => p.access()).toEqual([String(plain.length), String(chunked.length)]);
});

test('$request_id: 32 hex digits drawn once a request, the same in proxy_set_header and the log; $remote_port the client\'s', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`log_format v '$request_id|$remote_port';\n    access_log logs/access.log v;`, 'location /rid/ { proxy_pass http://localhost:U/admin/; proxy_set_header X-Request-Id $request_id; }'),
  });
  for (const path of ['/rid/a', '/rid/b']) expect((await p.send(get(path, p.port))).status).toBe(200);
  await expect.poll(() => p.access()).toHaveLength(2);
  const ids = p.upstream.received.map((r) => /\r\nX-Request-Id: (.*)\r\n/.exec(r.raw)?.[1]);
  expect(p.access().map((l) => l.replace(/\|\d{1,5}$/, '|PORT'))).toEqual(ids.map((id) => `${id}|PORT`));
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(ids[0]).not.toBe(ids[1]);
});

test('$connection_requests and $pipe: the second of two pipelined requests on one connection is "p"', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf(`log_format v '$request $connection_requests $pipe';\n    access_log logs/access.log v;`) });
  await p.send(get('/x', p.port) + get('/x', p.port, ['Connection: close']));
  await expect.poll(() => p.access()).toEqual(['GET /x HTTP/1.1 1 .', 'GET /x HTTP/1.1 2 p']);
});

test('the $upstream_* variables after a refused first peer: one value per attempt, ", " between, "-" for a time never reached', async ({ startProxy }) => {
  const dead = await freePort();
  const p = await startProxy({
    upstream: 'ipv4',
    conf: conf(`upstream u { server 127.0.0.1:${dead}; server 127.0.0.1:U; }
    log_format up '$upstream_addr|$upstream_status|$upstream_response_time|$upstream_connect_time|$upstream_header_time|$upstream_response_length|$upstream_bytes_received|$upstream_bytes_sent|$upstream_http_x_up|$sent_http_x_up|$status';
    access_log logs/access.log up;`, 'location /u/ { proxy_pass http://u/admin/; }'),
  });
  const r = await p.send(get('/u/a', p.port));
  expect(r.status).toBe(200);
  // The peer is disabled for fail_timeout: the second request goes straight to the live one.
  const r2 = await p.send(get('/u/b', p.port));
  await expect.poll(() => p.access()).toHaveLength(2);
  const sent = (path: string) => `GET /admin/${path} HTTP/1.0\r\nHost: u\r\nConnection: close\r\n\r\n`.length;
  expect(p.accessLog().map((l) => shape(p, l).replace(String(dead), 'DEAD'))).toEqual([
    `127.0.0.1:DEAD, 127.0.0.1:U|502, 200|S.MMM, S.MMM|-, S.MMM|-, S.MMM|0, ${r.body.length}|0, ${upstreamBytes(r.body)}|0, ${sent('a')}|127.0.0.1|127.0.0.1|200`,
    `127.0.0.1:U|200|S.MMM|S.MMM|S.MMM|${r2.body.length}|${upstreamBytes(r2.body)}|${sent('b')}|127.0.0.1|127.0.0.1|200`,
  ]);
});

test('$upstream_addr and $upstream_status when every peer is refused, then when none is live: the upstream\'s name', async ({ startProxy }) => {
  const [d1, d2] = [await freePort(), await freePort()];
  const p = await startProxy({
    upstream: 'down',
    conf: conf(`upstream u { server 127.0.0.1:${d1}; server 127.0.0.1:${d2}; }
    log_format up '$upstream_addr|$upstream_status|$upstream_response_time|$upstream_connect_time|$upstream_response_length|$upstream_http_x_up|$status';
    access_log logs/access.log up;`, 'location /u/ { proxy_pass http://u/admin/; }'),
  });
  expect((await p.send(get('/u/a', p.port))).status).toBe(502);
  expect((await p.send(get('/u/b', p.port))).status).toBe(502);
  await expect.poll(() => p.access()).toHaveLength(2);
  expect(p.accessLog().map((l) => shape(p, l).replace(String(d1), 'D1').replace(String(d2), 'D2'))).toEqual([
    '127.0.0.1:D1, 127.0.0.1:D2|502, 502|S.MMM, S.MMM|-, -|0, 0|-|502',
    'u|502|S.MMM|-|0|-|502',
  ]);
});

/** What the test upstream's echo answer is on the wire, head and body, for a body of `body`. */
function upstreamBytes(body: string): number {
  const head = `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\nX-Up: 127.0.0.1\r\n\r\n`;
  return head.length + body.length;
}

test('a refused request\'s $uri, $request_uri and $args: what nginx had of the URI when it refused (none, "" after a bad path, all of it after a bad header)', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf("log_format u '$uri|$document_uri|$request_uri|$args|$is_args|$status';\n    access_log logs/access.log u;") });
  const refused = [
    // ngx_http_parse_request_line() refuses: no URI at all.
    'GET x HTTP/1.1\r\nHost: a\r\n\r\n',
    'GET /v?a=1 HTTP/2.0\r\nHost: a\r\n\r\n',
    // ngx_http_process_request_uri() refuses the path: $uri is empty, the rest not set.
    'GET /../bad_uri?a=1 HTTP/1.1\r\nHost: a\r\n\r\n',
    'GET /%zz?a=1 HTTP/1.1\r\nHost: a\r\n\r\n',
    // A header refused after the request line: the whole URI.
    'GET /h/./x?a=1 HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
    'GET /t HTTP/1.1\r\n\r\n',
  ];
  for (const r of refused) expect((await p.send(r)).statusLine).toMatch(/^HTTP\/1\.1 (400|505) /);
  await expect.poll(() => p.access()).toHaveLength(refused.length);
  expect(p.access()).toEqual(['-|-|-|-||400', '-|-|-|-||505', '||-|-||400', '||-|-||400', '/h/x|/h/x|/h/./x?a=1|a=1|?|400', '/t|/t|/t|-||400']);
});

test('$upstream_status after a connect that timed out: 504, and no connect time', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'blackhole',
    conf: conf(`upstream u { server 127.0.0.1:U; }
    log_format up '$upstream_addr|$upstream_status|$upstream_response_time|$upstream_connect_time|$upstream_header_time|$upstream_bytes_sent|$status';
    access_log logs/access.log up;`, 'location /u/ { proxy_pass http://u/admin/; proxy_connect_timeout 300ms; }'),
  });
  expect((await p.send(get('/u/a', p.port))).status).toBe(504);
  await expect.poll(() => p.access()).toHaveLength(1);
  expect(p.accessLog().map((l) => shape(p, l))).toEqual([`127.0.0.1:U|504|S.MMM|-|-|0|504`]);
});

test('access_log off in a location, a location of its own log replacing the inherited ones, and if= ("" and "0" write nothing)', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(
      `log_format short '$uri $status';
    map $arg_log $loggable { default 1; no 0; empty ""; }
    access_log logs/access.log short if=$loggable;`,
      `location /quiet { access_log off; root html; }
        location /own { access_log logs/own.log short; access_log logs/own.log combined; root html; }`,
    ),
  });
  for (const path of ['/x', '/x?log=no', '/x?log=empty', '/x?log=yes', '/quiet', '/own']) await p.send(get(path, p.port));
  // own.log has no line of the ready check's.
  await expect.poll(() => lines(p, 'own.log', 0).length + p.access().length).toBe(4);
  expect(p.access()).toEqual(['/x 200', '/x 200']);
  expect(lines(p, 'own.log', 0).map((l) => p.normalise(l))).toEqual(['/own 404', '127.0.0.1 - - [TIME] "GET /own HTTP/1.1" 404 153 "-" "-"']);
});

test('a format named before log_format defines it, an unknown escape, flush= without buffer=: [emerg]; syslog: refused by the embedded engine', async ({ engine }, testInfo) => {
  // The directives, and the one of them the [emerg] names.
  const cases: [http: string, at: string, message: string][] = [
    ["access_log logs/access.log main;\n    log_format main '$status';", 'access_log', 'unknown log format "main"'],
    ["log_format main escape=xml '$status';", 'log_format', 'unknown log format escaping "xml"'],
    ['access_log logs/access.log combined flush=5s;', 'access_log', 'no buffer is defined for access_log "logs/access.log"'],
    ["log_format combined '$status';", 'log_format', 'duplicate "log_format" name "combined"'],
    ['open_log_file_cache inactive=20s;', 'open_log_file_cache', '"open_log_file_cache" must have "max" parameter'],
    ['open_log_file_cache max=10 often;', 'open_log_file_cache', 'invalid "open_log_file_cache" parameter "often"'],
    ['access_log syslog:server=127.0.0.1:1 combined;', 'access_log', '"access_log" to syslog is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx)'],
  ];
  for (const [i, [http, at, message]] of cases.entries()) {
    // Real nginx writes to syslog: only the embedded engine refuses it.
    if (message.includes('embedded') && engine === 'nginx') continue;
    const text = conf(http);
    const line = text.split('\n').findIndex((l) => l.trim().startsWith(at)) + 1;
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { conf: text });
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  }
});
