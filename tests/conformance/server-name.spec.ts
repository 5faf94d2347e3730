// Which server block answers (ngx_http_find_virtual_server()): the listen address and port the
// connection came in on first, then the Host's name among the servers on it: an exact name, the
// longest leading wildcard, the longest trailing one, the regexes in order (named captures are
// variables), else the address's default server (default_server, else the first). A request
// without Host looks up the name "". `$server_name` is the chosen server's first name. Each
// request's server is read from the access log, whose format every server inherits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { test, expect } from '../fixtures.js';
import { send } from '../support/raw-http.js';
import { freePort } from '../support/ports.js';
import { conformanceConf } from '../support/proxy-under-test.js';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { startEmbedded } from '../../harness/embedded/engine.js';
import { startNginx } from '../../harness/nginx/engine.js';

const conf = (servers: string, format = '$server_name|$server_port|$host|$sub') => `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    root html;
    log_format s '${format}';
    access_log logs/access.log s;
${servers}
}
`;

const request = (host: string | undefined, target = '/x', version = '1.1') => `GET ${target} HTTP/${version}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`;

test('server_name: exact, leading and trailing wildcards (the longest first), .name, regexes in order with captures, default_server, no Host, a trailing dot, $hostname', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(`    server { listen 127.0.0.1:P; server_name localhost; }
    server { listen 127.0.0.1:P; server_name example.com www.example.com; }
    server { listen 127.0.0.1:P; server_name *.example.com; }
    server { listen 127.0.0.1:P; server_name *.sub.example.com; }
    server { listen 127.0.0.1:P; server_name www.example.*; }
    server { listen 127.0.0.1:P; server_name .example.org; }
    server { listen 127.0.0.1:P; server_name ~^(?<sub>[a-z]+)\\.regex\\.test$; }
    server { listen 127.0.0.1:P; server_name ~^www\\. ~regex; }
    server { listen 127.0.0.1:P; server_name ~^CASE\\.test$ ~^lower\\.test$; }
    server { listen 127.0.0.1:P default_server; server_name _; }
    server { listen 127.0.0.1:P; server_name ""; }
    server { listen 127.0.0.1:P; server_name $hostname; }`),
  });
  const machine = hostname().toLowerCase();
  const asked: [host: string | undefined, target?: string, version?: string][] = [
    ['example.com'],
    [`WWW.Example.COM:${p.port}`],
    ['a.example.com'],
    ['x.sub.example.com'],
    ['www.example.net'],
    ['example.org'],
    ['deep.x.example.org'],
    ['foo.regex.test'],
    ['www.other.test'],
    ['a.b.regex.test'],
    ['unknown.test'],
    [undefined, '/x', '1.0'],
    ['unknown.test', 'http://example.com/x'],
    ['example.com.'],
    [machine],
    ['case.test'],
  ];
  for (const [host, target, version] of asked) await p.send(request(host, target, version));
  await expect.poll(() => p.access()).toHaveLength(asked.length);
  expect(p.access().map((l) => l.replace(`|${p.port}|`, '|P|'))).toEqual([
    'example.com|P|example.com|-',
    'example.com|P|www.example.com|-',
    '*.example.com|P|a.example.com|-',
    '*.sub.example.com|P|x.sub.example.com|-',
    'www.example.*|P|www.example.net|-',
    // The first name without its leading dot; a regex as written (its `\` escaped by the log).
    'example.org|P|example.org|-',
    'example.org|P|deep.x.example.org|-',
    '~^(?<sub>[a-z]+)\\x5C.regex\\x5C.test$|P|foo.regex.test|foo',
    '~^www\\x5C.|P|www.other.test|-',
    '~^www\\x5C.|P|a.b.regex.test|-',
    '_|P|unknown.test|-',
    '|P||-',
    'example.com|P|example.com|-',
    'example.com|P|example.com|-',
    `${machine}|P|${machine}|-`,
    // A regex with a capital letter is caseless; the Host is lowercased before it is matched.
    '~^CASE\\x5C.test$|P|case.test|-',
  ]);
});

test('listen: the servers of the address and port a connection came in on, each address with its own default', async ({ startProxy }) => {
  const p2 = await freePort();
  const p3 = await freePort();
  const p = await startProxy({
    conf: conf(`    server { listen 127.0.0.1:P; listen 127.0.0.1:${p2}; server_name a; }
    server { listen 127.0.0.1:${p2} default_server; server_name b; }
    server { listen [::1]:P; server_name c; }
    server { listen ${p3}; server_name wild; }
    server { listen 127.0.0.1:${p3}; server_name loop; }`, '$server_name|$server_port|$host|-'),
  });
  const asked: [port: number, host: string, family?: string][] = [
    [p.port, 'b'],
    [p2, 'x'],
    [p2, 'a'],
    [p.port, 'a', '::1'],
    // A wildcard listen binds the loopback here (on both engines): it is one address with 127.0.0.1's.
    [p3, 'wild'],
    [p3, 'x'],
  ];
  for (const [port, host, family] of asked) await send(port, request(host), family ? { host: family } : undefined);
  await expect.poll(() => p.access()).toHaveLength(asked.length);
  expect(p.access().map((l) => l.replace(String(p.port), 'P').replace(String(p2), 'P2').replace(String(p3), 'P3'))).toEqual(['a|P|b|-', 'b|P2|x|-', 'a|P2|a|-', 'c|P|a|-', 'wild|P3|wild|-', 'wild|P3|x|-']);
});

test('a name two servers of one address give: the first keeps it, and the start warns "conflicting server name"', async ({ engine }, testInfo) => {
  const port = await freePort();
  const prefix = join(testInfo.outputPath('p'), 'prefix');
  const text = conf(`    server { listen 127.0.0.1:P; server_name first dup.test; }
    server { listen 127.0.0.1:P; server_name second DUP.test; }`, '$server_name|$host|-');
  preparePrefix({ prefix, conf: { text: conformanceConf({ conf: text }, port, await freePort()) } });
  const printed: string[] = [];
  const start = engine === 'nginx' ? startNginx : startEmbedded;
  const e = await start({ prefix, conf: 'conf/nginx.conf', os: 'linux', ready: { urls: [`http://127.0.0.1:${port}/x`] }, onLine: (l) => printed.push(l) });
  try {
    await send(port, request('dup.test'));
    const log = () => readFileSync(join(prefix, 'logs', 'access.log'), 'latin1').split('\n').filter(Boolean).slice(1);
    await expect.poll(log).toEqual(['first|dup.test|-']);
    expect(printed.filter((l) => l.includes('conflicting'))).toEqual([`nginx: [warn] conflicting server name "dup.test" on 127.0.0.1:${port}, ignored`]);
  } finally {
    await e.stop();
  }
});
