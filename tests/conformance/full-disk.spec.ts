// A full disk (nginx 1.22.1): every request is answered all the same. An access-log line that cannot
// be written is dropped, with an [alert] at most once a minute (ngx_http_log_write()); an error-log
// line is dropped silently; a request body that cannot be written to its temp file is a 500 with a
// [crit] line. /dev/full fails every write with ENOSPC for any user; a full tmpfs needs root.
import { readdirSync } from 'node:fs';
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { mountTmpfs } from '../support/full-disk.js';

test('an access log that cannot be written: the requests are answered, one [alert] for both', async ({ startProxy }) => {
  test.skip(process.platform !== 'linux', '/dev/full is Linux only');
  const p = await startProxy({ server: 'location = /full { access_log /dev/full; return 200 "ok\\n"; }' });
  for (let i = 0; i < 2; i++) {
    const r = await p.send(get('/full', p.port, ['User-Agent: t']));
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(r.body).toBe('ok\n');
  }
  await expect.poll(() => p.requestLog()).toEqual([
    'TIME [alert] PID: *2 write() to "/dev/full" failed (28: No space left on device) while logging request, client: 127.0.0.1, server: localhost, request: "GET /full HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('a request body whose temp file is on a full disk: a 500 and a [crit], the temp file removed', async ({ startProxy }, testInfo) => {
  const disk = mountTmpfs(testInfo.outputPath('full'), 64);
  test.skip(typeof disk === 'string', typeof disk === 'string' ? disk : '');
  if (typeof disk === 'string') return;
  try {
    const p = await startProxy({ errorLogLevel: 'warn', api: `client_body_buffer_size 1k; client_body_temp_path ${disk.dir}/cb;` });
    disk.fill();
    const r = await p.send(post('/api/up', p.port, 'x'.repeat(5000), ['User-Agent: t']));
    expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
    expect(p.upstream.received).toEqual([]);
    await expect.poll(() => p.requestLog()).toEqual([
      `TIME [warn] PID: *2 a client request body is buffered to a temporary file ${disk.dir}/cb/0000000001, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", host: "127.0.0.1:P"`,
      `TIME [crit] PID: *2 pwritev() "${disk.dir}/cb/0000000001" failed (28: No space left on device), client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", host: "127.0.0.1:P"`,
    ]);
    await expect.poll(() => readdirSync(`${disk.dir}/cb`)).toEqual([]);
    // The worker lives on: the next request is answered.
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  } finally {
    disk.unmount();
  }
});

test('the whole prefix on a full disk: every request is answered', async ({ engine }, testInfo) => {
  const disk = mountTmpfs(testInfo.outputPath('full'), 1024);
  test.skip(typeof disk === 'string', typeof disk === 'string' ? disk : '');
  if (typeof disk === 'string') return;
  let p: ProxyUnderTest | undefined;
  try {
    p = await ProxyUnderTest.start(engine, disk.dir);
    disk.fill();
    for (let i = 0; i < 5; i++) {
      const r = await p.send(get('/x', p.port));
      expect(r.statusLine).toBe('HTTP/1.1 200 OK');
      expect(r.body).toBe('hello\n');
      expect((await p.send(get('/missing', p.port))).status).toBe(404);
    }
  } finally {
    await p?.stop();
    disk.unmount();
  }
});
