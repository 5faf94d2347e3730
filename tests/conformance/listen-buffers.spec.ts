// listen's sndbuf= and rcvbuf= (socket buffer sizes): accepted as nginx accepts them, with its
// [emerg] for a size that is not one; a default_server beside them still counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { serversConf } from '../support/locations-conf.js';
import { startExpectingFailure } from '../support/startup.js';

const CONF = serversConf(`
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        return 200 "first\\n";
    }
    server {
        listen 127.0.0.1:P sndbuf=64k rcvbuf=32k default_server;
        server_name other;
        return 200 "default\\n";
    }`);

test('listen ... sndbuf=64k rcvbuf=32k default_server: accepted, and the default server is still the default', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  const ask = async (host: string) => (await p.send(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).body;
  expect([await ask('localhost'), await ask('unknown')]).toEqual(['first\n', 'default\n']);
});

test('listen ... sndbuf=foo is nginx\'s [emerg] invalid sndbuf', async ({ engine }, testInfo) => {
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { edit: (c) => c.replace(/(listen +127\.0\.0\.1:\d+);/, '$1 sndbuf=foo;') });
  const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes('sndbuf=foo')) + 1;
  expect(f.error.message).toBe(`nginx: [emerg] invalid sndbuf "sndbuf=foo" in ${f.prefix}/conf/nginx.conf:${line}`);
});
