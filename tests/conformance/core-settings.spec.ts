// The core module's settings of how a request is read, and the settings nginx takes that change how
// it works but never what a client gets: both engines, the same requests, the same answers.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

/** What the upstream received of the request's headers, after its line, Host and Connection. */
const passed = (raw: string) => raw.split('\r\n').slice(3, -2);

test('underscores_in_headers off (the default): a header with "_" is dropped quietly; on: passed upstream', async ({ startProxy }) => {
  const off = await startProxy({ upstream: 'dual' });
  await off.send(get('/api/x', off.port, ['X_Token: a', 'X-Other: b']));
  expect(passed(off.upstream.received[0].raw)).toEqual(['X-Other: b']);
  const on = await startProxy({ upstream: 'dual', server: 'underscores_in_headers on;' });
  await on.send(get('/api/x', on.port, ['X_Token: a', 'X-Other: b']));
  expect(passed(on.upstream.received[0].raw)).toEqual(['X_Token: a', 'X-Other: b']);
  expect(on.requestLog()).toEqual([]);
});

test('ignore_invalid_headers off: a header name with a byte nginx does not allow is kept and passed upstream', async ({ startProxy }) => {
  const on = await startProxy({ upstream: 'dual' });
  await on.send(get('/api/x', on.port, ['X@Y: a', 'X-Other: b']));
  expect(passed(on.upstream.received[0].raw)).toEqual(['X-Other: b']);
  const off = await startProxy({ upstream: 'dual', server: 'ignore_invalid_headers off;' });
  await off.send(get('/api/x', off.port, ['X@Y: a', 'X-Other: b']));
  expect(passed(off.upstream.received[0].raw)).toEqual(['X@Y: a', 'X-Other: b']);
});

test('client_header_buffer_size: a request line longer than it is read into large_client_header_buffers and served', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'client_header_buffer_size 1k;' });
  const r = await p.send(get(`/api/${'a'.repeat(2000)}`, p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(p.upstream.received[0].raw.split('\r\n')[0]).toBe(`GET /admin/${'a'.repeat(2000)} HTTP/1.0`);
});

/**
 * How nginx hands bytes to the kernel, how it finds a name in its tables, how long it waits to
 * send, where it would put a temporary file, how a compressor is fed: a conf with all of them
 * answers a static file, a proxied request and a compressed one as a conf without them does.
 */
const NO_EFFECT = {
  events: 'multi_accept on; accept_mutex on;',
  http: `sendfile on; tcp_nopush on; tcp_nodelay off; types_hash_max_size 4096; server_names_hash_bucket_size 128;
    server_names_hash_max_size 1024; map_hash_max_size 4096; map_hash_bucket_size 128; variables_hash_max_size 2048;
    variables_hash_bucket_size 128; send_timeout 30s; proxy_send_timeout 30s; proxy_temp_path temp/p 1 2;
    fastcgi_temp_path temp/f; uwsgi_temp_path temp/u; scgi_temp_path temp/s; gzip on; gzip_hash 8k; gzip_no_buffer on;
    postpone_gzipping 0; connection_pool_size 512;`,
};

test('the settings with no effect on what a client gets: the same answers with them as nginx gives', async ({ startProxy }) => {
  const conf = (extra: typeof NO_EFFECT) => `worker_processes  1;
error_log  logs/error.log;
events {
    worker_connections  1024;
    ${extra.events}
}
http {
    include       mime.types;
    default_type  application/octet-stream;
    ${extra.http}
    server {
        listen       127.0.0.1:P;
        server_name  localhost;
        location /api/ {
            proxy_pass http://localhost:U/admin/;
        }
        location / {
            root   html;
        }
    }
}
`;
  const p = await startProxy({ upstream: 'dual', conf: conf(NO_EFFECT) });
  const r = await p.send(get('/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers).map(([n]) => n)).toEqual(['Server', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(r.body).toBe('hello\n');
  const api = await p.send(get('/api/x', p.port));
  expect(api.statusLine).toBe('HTTP/1.1 200 OK');
  expect(p.upstream.received[0].raw.split('\r\n')[0]).toBe('GET /admin/x HTTP/1.0');
  expect(p.requestLog()).toEqual([]);
});

for (const [size, message] of [
  ['100', 'the pool size must be no less than 112'],
  ['120', 'the pool size must be a multiple of 16'],
]) {
  test(`connection_pool_size ${size}: refused at start, "${message}"`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: `connection_pool_size ${size};` });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes('connection_pool_size')) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}

test('master_process off: one process serves (no worker), and a stop ends the connections it holds', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', main: 'master_process off;' });
  expect(await p.engine.workers()).toEqual([]);
  expect((await p.send(get('/x', p.port))).body).toBe('hello\n');
  expect((await p.send(get('/api/x', p.port))).status).toBe(200);
  // An idle kept-alive connection: the stop closes it, as the process's exit does nginx's.
  const idle = net.connect(p.port, '127.0.0.1');
  await once(idle, 'connect');
  const closed = once(idle, 'close');
  idle.on('error', () => undefined);
  await p.engine.stop();
  await closed;
});
