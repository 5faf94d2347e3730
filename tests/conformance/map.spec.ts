// ngx_http_map_module: exact keys (compared without case), `default`, `\` before a key that is a
// word of map's own, regexes `~` and `~*` tried in order after the exact keys (their captures,
// numbered and named, usable in the value), `hostnames` wildcards (exact, then the longest
// leading `*.`/`.` one, then the longest trailing `.*` one, then the regexes), a value kept for the request unless `volatile`,
// `include` inside the block; seen through a log_format, and through proxy_set_header by the
// upstream (the WebSocket map of users' confs).
import { writeFileSync } from 'node:fs';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';

/** A whole conf whose access log is `$name` of the map(s) in `maps`. */
const conf = (maps: string, format: string) => `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
${maps}
    log_format m '${format}';
    access_log logs/access.log m;
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location / { root html; }
        location /api/ {
            proxy_pass http://localhost:U/admin/;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
        }
    }
}
`;

const WEBSOCKET = `    map $http_upgrade $connection_upgrade {
        default upgrade;
        '' close;
    }`;

test('map: an exact key before a regex that matches too; captures in the value; ~* without case; \\default is a key; no match is the default', async ({ startProxy }, testInfo) => {
  const inc = testInfo.outputPath('keys.map');
  writeFileSync(inc, 'abc exact-abc;\n');
  const p = await startProxy({
    conf: conf(
      `${WEBSOCKET}
    map $http_x_k $k {
        volatile;
        default dflt-$uri;
        include ${inc};
        ~^ab(?<tail>.*)$ re-$tail-$1;
        ~*^AX(\\d+) caseless-$1;
        ~^a second-regex;
        \\default escaped;
    }`,
      '$k|$tail',
    ),
  });
  for (const k of ['abc', 'ABC', 'abz', 'ax12', 'aq', 'DEFAULT']) await p.send(get('/x', p.port, [`X-K: ${k}`]));
  await p.send(get('/x', p.port));
  await expect.poll(() => p.access()).toHaveLength(7);
  // A named capture is a variable of the request from then on ($1 is no name in a log_format).
  expect(p.access()).toEqual(['exact-abc|-', 'exact-abc|-', 're-z-z|z', 'caseless-12|-', 'second-regex|-', 'escaped|-', 'dflt-/x|-']);
});

test('map hostnames: exact, the longest leading wildcard, the longest trailing one, then regexes; a trailing dot dropped', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf(
      `${WEBSOCKET}
    map $http_x_h $h {
        hostnames;
        default none;
        example.com exact;
        .example.org dot;
        *.a.example.org star-a;
        www.example.* tail;
        www.example.net.* tail-longer;
        ~^(?<first>[^.]+)\\.regex\\.test$ re-$first;
        ~example re-any;
    }`,
      '$h',
    ),
  });
  const hosts = ['example.com', 'EXAMPLE.com.', 'example.org', 'x.y.example.org', 'b.a.example.org', 'a.example.org', 'www.example.net', 'www.example.net.uk', 'www.example.org', 'foo.regex.test', 'an.example.io', 'other.test'];
  for (const h of hosts) await p.send(get('/x', p.port, [`X-H: ${h}`]));
  await expect.poll(() => p.access()).toHaveLength(hosts.length);
  expect(p.access()).toEqual(['exact', 'exact', 'dot', 'dot', 'star-a', 'dot', 'tail', 'tail-longer', 'dot', 're-foo', 're-any', 'none']);
});

test('the WebSocket map: Connection "close" upstream for a plain request, "upgrade" for one that asks', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf(WEBSOCKET, '$connection_upgrade') });
  const plain = await p.send(get('/api/a', p.port));
  const ws = await p.send(get('/api/b', p.port, ['Upgrade: websocket']));
  expect(plain.status).toBe(200);
  expect(ws.status).toBe(200);
  expect(p.upstream.received.map((r) => r.raw)).toEqual([
    `GET /admin/a HTTP/1.1\r\nConnection: close\r\nHost: localhost:${p.upstream.port}\r\n\r\n`,
    `GET /admin/b HTTP/1.1\r\nUpgrade: websocket\r\nConnection: upgrade\r\nHost: localhost:${p.upstream.port}\r\n\r\n`,
  ]);
  await expect.poll(() => p.access()).toEqual(['close', 'upgrade']);
});

test('map: its first value is kept for the whole request, across the index\'s internal redirect; a volatile map is read again', async ({ startProxy }) => {
  const p = await startProxy({
    conf: `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    map $uri $kept { /k/ /k/redirect; /k/redirect again; }
    map $uri $fresh { volatile; /f/ /f/redirect; /f/redirect again; }
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location /k { index $kept; }
        location /k/redirect { add_header X-URI $kept always; }
        location /f { index $fresh; }
        location /f/redirect { add_header X-URI $fresh always; }
    }
}
`,
  });
  const uri = async (path: string) => (await p.send(get(path, p.port))).headers.find(([n]) => n === 'X-URI')?.[1];
  expect(await uri('/k/')).toBe('/k/redirect');
  expect(await uri('/f/')).toBe('again');
});

test('map: a second default, a key given twice (named lowercased), a line of three words: [emerg]', async ({ engine }, testInfo) => {
  const cases: [entries: string, at: string, message: string][] = [
    ['default a;\n        default b;', 'default b', 'duplicate default map parameter'],
    ['abc a;\n        ABC b;', 'ABC b', 'conflicting parameter "abc"'],
    ['abc a b;', 'abc a b', 'invalid number of the map parameters'],
  ];
  for (const [i, [entries, at, message]] of cases.entries()) {
    const text = conf(`${WEBSOCKET}\n    map $http_x_k $k {\n        ${entries}\n    }`, '$k');
    const line = text.split('\n').findIndex((l) => l.trim().startsWith(at)) + 1;
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { conf: text });
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  }
});
