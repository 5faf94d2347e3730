// listen with a port range (`127.0.0.1:8182-8183`, which Debian's nginx 1.22.1 accepts): one listen
// per port; a range out of order or past 65535 is nginx's [emerg].
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';
import { serversConf } from '../support/locations-conf.js';

test('listen 127.0.0.1:P-P: the range of one port is that port', async ({ startProxy }) => {
  const p = await startProxy({ conf: serversConf('    server { listen 127.0.0.1:P-P; return 200 "range $server_port\\n"; }') });
  expect((await p.send(get('/', p.port))).body).toBe(`range ${p.port}\n`);
});

test('listen ports out of order, or past 65535: nginx\'s [emerg] lines', async ({ engine }, testInfo) => {
  const got: string[] = [];
  for (const [i, range] of ['18183-18182', '1-70000'].entries()) {
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { edit: (c) => c.replace(/listen +127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${range};`) });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(range)) + 1;
    got.push(f.error.message.replace(`${f.prefix}/conf/nginx.conf:${line}`, 'LINE'));
  }
  expect(got).toEqual([
    'nginx: [emerg] invalid port range in "127.0.0.1:18183-18182" of the "listen" directive in LINE',
    'nginx: [emerg] invalid port in "127.0.0.1:1-70000" of the "listen" directive in LINE',
  ]);
});
