// The conf parser (harness/embedded/conf): the course's own nginx.conf (tests/support/course-conf.ts)
// loads unchanged, and each [emerg] the parser raises is worded, placed and numbered as
// `nginx -t -p <prefix> -c conf/nginx.conf` prints it. Where nginx is installed, the same file is
// given to it too and its line must be the same text.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cpus } from 'node:os';
import { test, expect } from '@playwright/test';
import { engineConf, indexOf, proxyConf } from '../../tests/support/engine-conf.js';
import { distFile, nginxAssets } from '../paths.js';
import { realNginx } from '../../tests/support/real-nginx.js';
import { COURSE_CONF } from '../../tests/support/course-conf.js';


/** A prefix with conf/nginx.conf (and any other files), mime.types and logs/. */
function prefixWith(dir: string, files: Record<string, string>): string {
  mkdirSync(join(dir, 'conf'), { recursive: true });
  mkdirSync(join(dir, 'logs'), { recursive: true });
  copyFileSync(join(nginxAssets, 'mime.types'), join(dir, 'conf', 'mime.types'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text, 'utf8');
  }
  return dir;
}

/** The `nginx: [emerg] ...` line a `-t` run prints on stderr. */
function emergOf(file: string, args: string[]): string | undefined {
  const r = spawnSync(file, args, { encoding: 'utf8', timeout: 15_000 });
  return `${r.stderr}${r.stdout}`.split('\n').find((l) => l.startsWith('nginx: [emerg]'));
}

test('worker_processes auto is the number of CPUs online, as nginx\'s ngx_ncpu', async ({}, testInfo) => {
  const prefix = prefixWith(testInfo.outputPath('auto'), { 'conf/nginx.conf': 'worker_processes auto;\nevents {}\n' });
  expect(engineConf(prefix).workerProcesses).toBe(cpus().length);
});

test('proxy_request_buffering off is accepted, inherited by the locations under it', async ({}, testInfo) => {
  const prefix = prefixWith(testInfo.outputPath('reqbuf'), { 'conf/nginx.conf': HTTP('proxy_request_buffering off;\nserver { listen 127.0.0.1:18080; location /a/ { } location /b/ { proxy_request_buffering on; } }') });
  const [server] = engineConf(prefix).servers;
  expect(server.locations.map((l) => [l.path, proxyConf(l).proxyRequestBuffering])).toEqual([['/a/', false], ['/b/', true]]);
});

test('listen 127.0.0.1:18182-18184 is a listen per port, each the default server where the line says so', async ({}, testInfo) => {
  const prefix = prefixWith(testInfo.outputPath('range'), { 'conf/nginx.conf': HTTP('server { listen 127.0.0.1:18182-18184 default_server; listen [::1]:18185-18185; }') });
  const [server] = engineConf(prefix).servers;
  expect(server.listens.map((l) => `${l.text}${l.defaultServer ? ' default' : ''}`)).toEqual(['127.0.0.1:18182 default', '127.0.0.1:18183 default', '127.0.0.1:18184 default', '[::1]:18185']);
});

test('3: the course\'s nginx.conf loads unchanged', async ({}, testInfo) => {
  const prefix = prefixWith(testInfo.outputPath('course'), { 'conf/nginx.conf': COURSE_CONF });
  const conf = engineConf(prefix);
  expect(conf.workerProcesses).toBe(1);
  expect(conf.workerConnections).toBe(1024);
  expect(conf.errorLogs).toEqual([{ path: join(prefix, 'logs/error.log'), level: 'error', byDefault: true }]);
  expect(conf.maps).toEqual([{ source: '$http_upgrade', variable: 'connection_upgrade', table: { exact: new Map([['', 'close']]), head: new Map(), tail: new Map(), regexes: [] }, defaultValue: 'upgrade', hostnames: false, volatile: false }]);
  const webservers = conf.upstreams.get('webservers')!;
  expect(webservers.servers.map((s) => [s.host, s.port, s.weight, s.maxFails, s.failTimeoutMs])).toEqual([['127.0.0.1', 8080, 90, 1, 10_000]]);
  const [server] = conf.servers;
  expect(server.listens.map((l) => l.text)).toEqual(['0.0.0.0:80']);
  expect(server.serverNames).toEqual(['localhost']);
  expect(server.locations.map((l) => `${l.modifier}${l.path}`)).toEqual(['/', '=/50x.html', '/api/', '/user/', '/ws/']);
  const [root, page50x, api, user, ws] = server.locations;
  expect(root.root).toBe(join(prefix, 'html/sky'));
  expect(indexOf(root)).toEqual(['index.html', 'index.htm']);
  expect([...root.errorPages]).toEqual([500, 502, 503, 504].map((c) => [c, { uri: '/50x.html', args: '' }]));
  expect(page50x.root).toBe(join(prefix, 'html'));
  expect(api.proxyPass).toMatchObject({ proxyHost: 'localhost:8080', uri: '/admin/', upstream: { implicit: true } });
  expect(proxyConf(api).proxyHttpVersion).toBe('1.0');
  expect(proxyConf(api).proxyReadTimeoutMs).toBe(60_000);
  expect(user.proxyPass).toMatchObject({ proxyHost: 'webservers', uri: '/user/', upstream: { name: 'webservers', implicit: false } });
  expect(proxyConf(ws).proxyHttpVersion).toBe('1.1');
  expect(proxyConf(ws).proxyReadTimeoutMs).toBe(3_600_000);
  expect(proxyConf(ws).proxySetHeaders.map(({ name, value }) => ({ name, value }))).toEqual([
    { name: 'Upgrade', value: '$http_upgrade' },
    { name: 'Connection', value: '$connection_upgrade' },
  ]);
  expect(root.defaultType).toBe('application/octet-stream');
  expect(root.types.get('css')).toBe('text/css');
  expect(root.keepaliveTimeoutMs).toBe(65_000);
  expect(root.clientMaxBodySize).toBe(1024 * 1024);
});

interface Refusal {
  name: string;
  /** conf/nginx.conf, and other files by path in the prefix. */
  files: Record<string, string>;
  /** After `nginx: [emerg] `; PREFIX stands for the prefix directory. */
  emerg: string;
  /**
   * A directive real nginx has but the embedded engine's subset has not: nginx accepts the file,
   * the embedded engine stops the way nginx stops on a directive it does not know.
   */
  outsideSubset?: boolean;
}

const HTTP = (inner: string) => `events {}\nhttp {\n${inner}\n}\n`;
const CONF = 'PREFIX/conf/nginx.conf';

const REFUSALS: Refusal[] = [
  { name: 'unknown directive', files: { 'conf/nginx.conf': 'x;\nevents {}\n' }, emerg: `unknown directive "x" in ${CONF}:1` },
  { name: 'a directive outside the subset', files: { 'conf/nginx.conf': HTTP('server {\n location / {\n  fastcgi_pass 127.0.0.1:9000;\n }\n}') }, emerg: `"fastcgi_pass" is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:5`, outsideSubset: true },
  { name: 'a directive nginx has not either (a typo)', files: { 'conf/nginx.conf': HTTP('server {\n location / {\n  prxy_pass http://127.0.0.1:9000;\n }\n}') }, emerg: `unknown directive "prxy_pass" in ${CONF}:5` },
  {
    // glob(3)'s rules: sorted, no dot file unless the pattern has the dot: a1 loads, then b1 fails.
    name: 'a glob include: its files in order, no dot file',
    files: {
      'conf/nginx.conf': HTTP('include conf.d/*.conf;'),
      'conf/conf.d/.a0.conf': 'hidden on;\n',
      'conf/conf.d/a1.conf': 'server_tokens off;\n',
      'conf/conf.d/b1.conf': 'bogus_b on;\n',
      'conf/conf.d/c1.conf': 'bogus_c on;\n',
      'conf/conf.d/b1.txt': 'bogus_txt on;\n',
    },
    emerg: 'unknown directive "bogus_b" in PREFIX/conf/conf.d/b1.conf:1',
  },
  { name: 'unknown directive in an included file', files: { 'conf/nginx.conf': HTTP('include extra.conf;'), 'conf/extra.conf': 'root html;\nbogus on;\n' }, emerg: 'unknown directive "bogus" in PREFIX/conf/extra.conf:2' },
  { name: 'not allowed here', files: { 'conf/nginx.conf': HTTP('listen 80;') }, emerg: `"listen" directive is not allowed here in ${CONF}:3` },
  { name: 'location in http', files: { 'conf/nginx.conf': HTTP('location / {}') }, emerg: `"location" directive is not allowed here in ${CONF}:3` },
  { name: 'invalid number of arguments', files: { 'conf/nginx.conf': HTTP('server { root; }') }, emerg: `invalid number of arguments in "root" directive in ${CONF}:3` },
  { name: 'unexpected "}"', files: { 'conf/nginx.conf': 'events {}\n}\n' }, emerg: `unexpected "}" in ${CONF}:2` },
  { name: 'a missing ";" before "}"', files: { 'conf/nginx.conf': HTTP('root html }') }, emerg: `unexpected "}" in ${CONF}:3` },
  { name: 'unexpected end of file in a block', files: { 'conf/nginx.conf': 'events {}\nhttp {\n' }, emerg: `unexpected end of file, expecting "}" in ${CONF}:3` },
  { name: 'unexpected end of file in a string', files: { 'conf/nginx.conf': 'events {}\nhttp { root "html; }\n' }, emerg: `unexpected end of file, expecting ";" or "}" in ${CONF}:3` },
  { name: 'a block directive without "{"', files: { 'conf/nginx.conf': 'events {}\nhttp;\n' }, emerg: `directive "http" has no opening "{" in ${CONF}:2` },
  { name: 'a simple directive with a block', files: { 'conf/nginx.conf': HTTP('root html { }') }, emerg: `directive "root" is not terminated by ";" in ${CONF}:3` },
  { name: 'invalid flag', files: { 'conf/nginx.conf': HTTP('sendfile maybe;') }, emerg: `invalid value "maybe" in "sendfile" directive, it must be "on" or "off" in ${CONF}:3` },
  { name: 'invalid size', files: { 'conf/nginx.conf': HTTP('client_max_body_size 1x;') }, emerg: `"client_max_body_size" directive invalid value in ${CONF}:3` },
  { name: 'invalid time', files: { 'conf/nginx.conf': HTTP('proxy_read_timeout 10q;') }, emerg: `"proxy_read_timeout" directive invalid value in ${CONF}:3` },
  { name: 'invalid number', files: { 'conf/nginx.conf': HTTP('keepalive_requests abc;') }, emerg: `"keepalive_requests" directive invalid number in ${CONF}:3` },
  { name: 'invalid worker_connections', files: { 'conf/nginx.conf': 'events { worker_connections abc; }\n' }, emerg: `invalid number "abc" in ${CONF}:1` },
  { name: 'invalid enum (proxy_http_version)', files: { 'conf/nginx.conf': HTTP('proxy_http_version 2.0;') }, emerg: `invalid value "2.0" in ${CONF}:3` },
  { name: 'invalid log level', files: { 'conf/nginx.conf': 'error_log logs/error.log loud;\nevents {}\n' }, emerg: `invalid log level "loud" in ${CONF}:1` },
  { name: 'duplicate directive', files: { 'conf/nginx.conf': HTTP('root html;\nroot html;') }, emerg: `"root" directive is duplicate in ${CONF}:4` },
  { name: 'duplicate worker_processes', files: { 'conf/nginx.conf': 'worker_processes 1;\nworker_processes 2;\nevents {}\n' }, emerg: `"worker_processes" directive is duplicate in ${CONF}:2` },
  { name: 'duplicate location', files: { 'conf/nginx.conf': HTTP('server {\n location /a {}\n location /a {}\n}') }, emerg: `duplicate location "/a" in ${CONF}:5` },
  { name: 'duplicate listen', files: { 'conf/nginx.conf': HTTP('server {\n listen 127.0.0.1:18080;\n listen 127.0.0.1:18080;\n}') }, emerg: `a duplicate listen 127.0.0.1:18080 in ${CONF}:5` },
  { name: 'duplicate default server', files: { 'conf/nginx.conf': HTTP('server { listen 127.0.0.1:18080 default_server; }\nserver { listen 127.0.0.1:18080 default_server; }') }, emerg: `a duplicate default server for 127.0.0.1:18080 in ${CONF}:4` },
  { name: 'include of a missing file', files: { 'conf/nginx.conf': HTTP('include nothere.conf;') }, emerg: `open() "PREFIX/conf/nothere.conf" failed (2: No such file or directory) in ${CONF}:3` },
  { name: 'proxy_pass without a scheme', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass localhost:8080; } }') }, emerg: `invalid URL prefix in ${CONF}:3` },
  { name: 'an invalid listen port', files: { 'conf/nginx.conf': HTTP('server { listen 127.0.0.1:99999; }') }, emerg: `invalid port in "127.0.0.1:99999" of the "listen" directive in ${CONF}:3` },
  { name: 'an upstream server parameter', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1 fail_timeout=x; }') }, emerg: `invalid parameter "fail_timeout=x" in ${CONF}:3` },
  { name: 'fail_timeout in milliseconds', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1 fail_timeout=500ms; }') }, emerg: `invalid parameter "fail_timeout=500ms" in ${CONF}:3` },
  { name: 'weight=0', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1 weight=0; }') }, emerg: `invalid parameter "weight=0" in ${CONF}:3` },
  { name: 'max_fails not a number', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1 max_fails=x; }') }, emerg: `invalid parameter "max_fails=x" in ${CONF}:3` },
  { name: 'backup servers only', files: { 'conf/nginx.conf': HTTP('upstream u {\n server 127.0.0.1:1 backup;\n}\nserver { listen 127.0.0.1:18080; }') }, emerg: `no servers in upstream "u" in ${CONF}:3` },
  { name: 'a port on an upstream name', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1; }\nserver { location / { proxy_pass http://u:81; } }') }, emerg: `upstream "u" may not have port 81 in ${CONF}:4` },
  { name: 'listen unix: without a path', files: { 'conf/nginx.conf': HTTP('server { listen unix:; }') }, emerg: `no path in the unix domain socket in "unix:" of the "listen" directive in ${CONF}:3` },
  { name: 'proxy_pass to unix: without a path', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://unix::/x; } }') }, emerg: `no path in the unix domain socket in upstream "unix::/x" in ${CONF}:3` },
  { name: 'max_conns=', files: { 'conf/nginx.conf': HTTP('upstream u { server 127.0.0.1:1 max_conns=2; }') }, emerg: `the "max_conns" parameter of "server" is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:3`, outsideSubset: true },
  { name: 'a time in months, in milliseconds', files: { 'conf/nginx.conf': HTTP('proxy_read_timeout 1M;') }, emerg: `"proxy_read_timeout" directive invalid value in ${CONF}:3` },
  { name: 'keepalive_timeout\'s header in milliseconds', files: { 'conf/nginx.conf': HTTP('keepalive_timeout 65 500ms;') }, emerg: `"keepalive_timeout" directive invalid value in ${CONF}:3` },
  { name: 'a temp path level of 0', files: { 'conf/nginx.conf': HTTP('client_body_temp_path temp/b 0;') }, emerg: `"client_body_temp_path" directive invalid value in ${CONF}:3` },
  { name: 'temp path levels over 10 digits', files: { 'conf/nginx.conf': HTTP('client_body_temp_path temp/b 9 2;') }, emerg: `"client_body_temp_path" directive invalid value in ${CONF}:3` },
  { name: 'a duplicate temp path', files: { 'conf/nginx.conf': HTTP('client_body_temp_path temp/b;\nclient_body_temp_path temp/c;') }, emerg: `"client_body_temp_path" directive is duplicate in ${CONF}:4` },
  { name: 'error_page with "=" and no code', files: { 'conf/nginx.conf': HTTP('error_page =200 /x;') }, emerg: `invalid value "=200" in ${CONF}:3` },
  { name: 'error_page with "=" and no number', files: { 'conf/nginx.conf': HTTP('error_page 404 =abc /x;') }, emerg: `invalid value "=abc" in ${CONF}:3` },
  { name: 'autoindex_format that is not html, xml, json or jsonp', files: { 'conf/nginx.conf': HTTP('autoindex_format yaml;') }, emerg: `invalid value "yaml" in ${CONF}:3` },
  { name: 'autoindex twice in one block', files: { 'conf/nginx.conf': HTTP('autoindex on;\nautoindex off;') }, emerg: `"autoindex" directive is duplicate in ${CONF}:4` },
  { name: 'absolute_redirect not a flag', files: { 'conf/nginx.conf': HTTP('absolute_redirect yes;') }, emerg: `invalid value "yes" in "absolute_redirect" directive, it must be "on" or "off" in ${CONF}:3` },
  { name: 'gzip_comp_level out of 1..9', files: { 'conf/nginx.conf': HTTP('gzip_comp_level 10;') }, emerg: `value must be between 1 and 9 in ${CONF}:3` },
  { name: 'gzip_proxied with an unknown value', files: { 'conf/nginx.conf': HTTP('gzip_proxied expired bogus;') }, emerg: `invalid value "bogus" in ${CONF}:3` },
  { name: 'gzip_http_version 2.0', files: { 'conf/nginx.conf': HTTP('gzip_http_version 2.0;') }, emerg: `invalid value "2.0" in ${CONF}:3` },
  { name: 'gzip_window not a power of two', files: { 'conf/nginx.conf': HTTP('gzip_window 1000;') }, emerg: `"gzip_window" directive must be 512, 1k, 2k, 4k, 8k, 16k, or 32k in ${CONF}:3` },
  { name: 'gzip_buffers of size 0', files: { 'conf/nginx.conf': HTTP('gzip_buffers 4 0;') }, emerg: `"gzip_buffers" directive invalid value in ${CONF}:3` },
  { name: 'gzip_static maybe', files: { 'conf/nginx.conf': HTTP('gzip_static maybe;') }, emerg: `invalid value "maybe" in ${CONF}:3` },
  { name: 'if_modified_since sometimes', files: { 'conf/nginx.conf': HTTP('if_modified_since sometimes;') }, emerg: `invalid value "sometimes" in ${CONF}:3` },
  { name: 'if_modified_since in a location\'s if', files: { 'conf/nginx.conf': HTTP('server { location / { if ($uri) { if_modified_since off; } } }') }, emerg: `"if_modified_since" directive is not allowed here in ${CONF}:3` },
  { name: 'a second gzip in one block', files: { 'conf/nginx.conf': HTTP('gzip on;\ngzip off;') }, emerg: `"gzip" directive is duplicate in ${CONF}:4` },
  { name: 'add_header with a third argument other than always', files: { 'conf/nginx.conf': HTTP('add_header X y sometimes;') }, emerg: `invalid parameter "sometimes" in ${CONF}:3` },
  { name: 'expires that is no time', files: { 'conf/nginx.conf': HTTP('expires soon;') }, emerg: `"expires" directive invalid value in ${CONF}:3` },
  { name: 'expires modified with a daily time', files: { 'conf/nginx.conf': HTTP('expires modified @15h;') }, emerg: `"expires" directive daily time cannot be used with "modified" parameter in ${CONF}:3` },
  { name: 'expires twice in a block', files: { 'conf/nginx.conf': HTTP('expires 1h;\nexpires 2h;') }, emerg: `"expires" directive is duplicate in ${CONF}:4` },
  { name: 'a single proxy_buffers', files: { 'conf/nginx.conf': HTTP('proxy_buffers 1 4k;\nserver { listen 127.0.0.1:18080; }') }, emerg: `there must be at least 2 "proxy_buffers" in ${CONF}:5` },
  {
    name: 'proxy_busy_buffers_size over all proxy_buffers less one, in a location: at the http block\'s end',
    files: { 'conf/nginx.conf': HTTP('proxy_buffers 4 4k;\nserver {\n listen 127.0.0.1:18080;\n location / { proxy_busy_buffers_size 16k; }\n}') },
    emerg: `"proxy_busy_buffers_size" must be less than the size of all "proxy_buffers" minus one buffer in ${CONF}:8`,
  },
  {
    name: 'proxy_busy_buffers_size under proxy_buffer_size',
    files: { 'conf/nginx.conf': HTTP('proxy_buffer_size 8k;\nproxy_busy_buffers_size 4k;\nserver { listen 127.0.0.1:18080; }') },
    emerg: `"proxy_busy_buffers_size" must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers" in ${CONF}:6`,
  },
  { name: 'proxy_temp_file_write_size under one buffer', files: { 'conf/nginx.conf': HTTP('proxy_temp_file_write_size 1k;\nserver { listen 127.0.0.1:18080; }') }, emerg: `"proxy_temp_file_write_size" must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers" in ${CONF}:5` },
  {
    name: 'proxy_max_temp_file_size under one buffer',
    files: { 'conf/nginx.conf': HTTP('proxy_max_temp_file_size 1k;\nserver { listen 127.0.0.1:18080; }') },
    emerg: `"proxy_max_temp_file_size" must be equal to zero to disable temporary files usage or must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers" in ${CONF}:5`,
  },
  { name: 'charset and source_charset that differ, without a charset_map', files: { 'conf/nginx.conf': HTTP('charset koi8-r;\nsource_charset utf-8;\nserver { listen 127.0.0.1:18080; }') }, emerg: 'no "charset_map" between the charsets "utf-8" and "koi8-r"' },
  { name: 'charset_map between one charset and itself', files: { 'conf/nginx.conf': HTTP('charset_map koi8-r KOI8-R { }') }, emerg: `"charset_map" between the same charsets "koi8-r" and "KOI8-R" in ${CONF}:3` },
  { name: 'charset_map with a byte above ff', files: { 'conf/nginx.conf': HTTP('charset_map a b { 100 20; }') }, emerg: `invalid value "100" in ${CONF}:3` },
  { name: 'proxy_redirect off with another proxy_redirect in the block', files: { 'conf/nginx.conf': HTTP('proxy_redirect / /x/;\nproxy_redirect off;') }, emerg: `"proxy_redirect" directive is duplicate in ${CONF}:4` },
  { name: 'proxy_redirect with one argument that is no keyword', files: { 'conf/nginx.conf': HTTP('proxy_redirect x;') }, emerg: `invalid parameter "x" in ${CONF}:3` },
  { name: 'proxy_hide_header Content-Length', files: { 'conf/nginx.conf': HTTP('proxy_hide_header Content-Length;') }, emerg: `"proxy_hide_header Content-Length" is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:3`, outsideSubset: true },
  { name: 'server_tokens that is not on, off or build', files: { 'conf/nginx.conf': HTTP('server_tokens maybe;') }, emerg: `invalid value "maybe" in ${CONF}:3` },
  ...[
    ['proxy_ignore_client_abort on;', '"proxy_ignore_client_abort on" is'],
    ['proxy_cache $host;', '"proxy_cache $host" (caching of upstream answers is not emulated) is'],
    ['proxy_cache_path cache keys_zone=api:1m;', '"proxy_cache_path" (caching of upstream answers is not emulated) is'],
    ['server { location ~ (?<=/a)b { } }', 'lookbehind assertions (PCRE wants them of a fixed length, JS does not) in the regular expression "(?<=/a)b" are'],
    ['server { location ~ ^/[[:alpha:]]+$ { } }', 'POSIX classes ("[:name:]") in the regular expression "^/[[:alpha:]]+$" are'],
  ].map(([directive, what]): Refusal => ({
    name: `${directive} (nginx has an effect the engine does not emulate)`,
    files: { 'conf/nginx.conf': HTTP(directive) },
    emerg: `${what} not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:3`,
    outsideSubset: true,
  })),
  { name: 'worker_processes 0', files: { 'conf/nginx.conf': 'worker_processes 0;\nevents {}\n' }, emerg: `"worker_processes 0" (a master with no worker) is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:1`, outsideSubset: true },
  { name: 'an empty upstream', files: { 'conf/nginx.conf': HTTP('upstream u { }') }, emerg: `no servers are inside upstream in ${CONF}:3` },
  { name: 'error_page code', files: { 'conf/nginx.conf': HTTP('error_page 200 /x;') }, emerg: `value "200" must be between 300 and 599 in ${CONF}:3` },
  { name: 'unknown variable', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://127.0.0.1:1/; proxy_set_header X $nope; } }') }, emerg: 'unknown "nope" variable' },
  { name: 'an unknown variable in proxy_pass', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://$nope; } }') }, emerg: 'unknown "nope" variable' },
  {
    name: 'proxy_pass with a variable the engine cannot give',
    files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://127.0.0.1:1$ssl_client_verify; } }') },
    emerg: `the variable "$ssl_client_verify" (used by "proxy_pass") is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:3`,
    outsideSubset: true,
  },
  { name: 'proxy_redirect default with proxy_pass in variables', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://$host; proxy_redirect default; } }') }, emerg: `"proxy_redirect default" cannot be used with "proxy_pass" directive with variables in ${CONF}:3` },
  { name: 'proxy_redirect default before proxy_pass', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_redirect default; proxy_pass http://127.0.0.1:1; } }') }, emerg: `"proxy_redirect default" should be placed after the "proxy_pass" directive in ${CONF}:3` },
  { name: 'an unknown variable in a map\'s source', files: { 'conf/nginx.conf': HTTP('map $nosuch $m { default 1; }') }, emerg: 'unknown "nosuch" variable' },
  { name: 'an unknown variable in a map\'s value', files: { 'conf/nginx.conf': HTTP('map $host $m { default $nosuch; }') }, emerg: 'unknown "nosuch" variable' },
  { name: 'an unknown variable in log_format', files: { 'conf/nginx.conf': HTTP('log_format main \'$remote_addr $bogus\';') }, emerg: 'unknown "bogus" variable' },
  { name: 'map and log_format variables before proxy_set_header ones', files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://127.0.0.1:1/; proxy_set_header X $first; } }\nlog_format main \'$second\';') }, emerg: 'unknown "second" variable' },
  { name: 'a log_format named combined', files: { 'conf/nginx.conf': HTTP('log_format combined \'$status\';') }, emerg: `duplicate "log_format" name "combined" in ${CONF}:3` },
  {
    name: 'a variable nginx has but the engine cannot give',
    files: { 'conf/nginx.conf': HTTP('server { location / { proxy_pass http://127.0.0.1:1/; proxy_set_header X-Tls $ssl_client_verify; } }') },
    emerg: `the variable "$ssl_client_verify" (used by "proxy_set_header X-Tls") is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:3`,
    outsideSubset: true,
  },
  {
    name: 'a map made of a variable the engine cannot give',
    files: { 'conf/nginx.conf': HTTP('map $ssl_client_verify $m { default 1; }\nserver { location / { proxy_pass http://127.0.0.1:1/; proxy_set_header X $m; } }') },
    emerg: `the variable "$ssl_client_verify" (used by "proxy_set_header X") is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:4`,
    outsideSubset: true,
  },
  {
    name: 'a log format the access log uses, with a variable the engine cannot give',
    files: { 'conf/nginx.conf': HTTP("log_format x '$ssl_client_verify';\naccess_log logs/x.log x;\nserver { listen 127.0.0.1:1; }") },
    emerg: `the variable "$ssl_client_verify" (used by the log format "x") is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${CONF}:4`,
    outsideSubset: true,
  },
  { name: 'no events', files: { 'conf/nginx.conf': 'http {}\n' }, emerg: 'no "events" section in configuration' },
];

for (const c of REFUSALS) {
  test(`conf: ${c.name}`, async ({}, testInfo) => {
    const prefix = prefixWith(testInfo.outputPath('p'), c.files);
    const expected = `nginx: [emerg] ${c.emerg.split('PREFIX').join(prefix)}`;
    expect(emergOf(process.execPath, [distFile('harness/embedded/main.js'), '-t', '-p', prefix, '-c', 'conf/nginx.conf', '--os', 'linux'])).toBe(expected);
    const nginx = realNginx();
    if (nginx) {
      // -e: the start-up log goes to a file, so stderr gets the short `nginx: [emerg]` form. The pid
      // file in the prefix: nginx -t opens it, and its default (/run/nginx.pid) is root's alone.
      expect(emergOf(nginx, ['-t', '-p', prefix, '-c', 'conf/nginx.conf', '-e', 'logs/error.log', '-g', 'pid logs/nginx.pid;'])).toBe(c.outsideSubset ? undefined : expected);
    } else {
      // The unit project runs without nginx; the report says which half went unchecked.
      testInfo.annotations.push({ type: 'not compared', description: 'nginx is not installed: its half of this case was not checked (npx harness setup installs it)' });
    }
  });
}
