// nginx's graceful quit (SIGQUIT, `nginx -s quit`): the master stops accepting, each worker closes
// its idle keep-alive connections at once, lets a busy request finish with `Connection: close`,
// then exits, and the master after it. The engine runs as its own process here, as users run it,
// so that the signal reaches its master.
import { test, expect } from '../fixtures.js';
import { execa, type ResultPromise } from 'execa';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { repoRoot } from '../../harness/paths.js';
import { findNginx } from '../../harness/nginx/engine.js';
import { freePort } from '../support/ports.js';
import { get, RawConnection } from '../support/raw-http.js';
import { userLine } from '../support/proxy-under-test.js';

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });

test('SIGQUIT: an idle keep-alive connection is closed at once, a request held by limit_req is answered with Connection: close, then the master exits 0', async ({ engine }, testInfo) => {
  const dir = testInfo.outputPath();
  for (const d of ['logs', 'temp', 'html']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'html', 'x'), 'hello\n');
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((m) => `${m}_temp_path temp/${m};`).join(' ');
  // 20 requests a minute under /slow/: the second waits 3 s. The workers run as the tests do (as
  // root: `user root`), so that they read html/ wherever the clone is (a folder of mode 0700).
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${userLine()}daemon off;\npid logs/nginx.pid;\nerror_log logs/error.log;\nevents {}\nhttp {\n    ${temp}\n    limit_req_zone $binary_remote_addr zone=one:1m rate=20r/m;\n    server {\n        listen 127.0.0.1:${port};\n        location / { root html; }\n        location /slow/ { alias html/; limit_req zone=one burst=5; }\n    }\n}\n`,
  );
  const args = ['-p', `${dir}/`, '-c', 'nginx.conf'];
  const nginx = findNginx();
  const child: ResultPromise<{ reject: false }> = engine === 'nginx' ? execa(nginx!, args, { reject: false }) : execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'proxy', '--os', 'linux', ...args], { reject: false });
  try {
    while (!existsSync(join(dir, 'logs', 'nginx.pid'))) {
      if (child.exitCode !== null) throw new Error((await child).stderr);
      await turn();
    }
    // Busy: two pipelined requests, the second held by limit_req.
    const busy = await RawConnection.open(port);
    busy.write(get('/slow/x', port, [], 'HEAD') + get('/slow/x', port, [], 'HEAD'));
    expect((await busy.next({ head: true })).headers).toContainEqual(['Connection', 'keep-alive']);
    // Idle: answered, and kept alive.
    const idle = await RawConnection.open(port);
    idle.write(get('/x', port));
    expect((await idle.next()).headers).toContainEqual(['Connection', 'keep-alive']);
    child.kill('SIGQUIT');
    // The idle one goes long before its keepalive_timeout (75 s), and before the held request is answered.
    expect(await idle.closedWithin(2000)).toBe(true);
    expect(busy.ended).toBe(false);
    await expect.poll(() => connects(port)).toBe(false);
    const last = await busy.next({ head: true });
    expect([last.status, last.headers.find(([n]) => n === 'Connection')]).toEqual([200, ['Connection', 'close']]);
    expect(await busy.closedWithin(2000)).toBe(true);
    expect((await child).exitCode).toBe(0);
    expect(existsSync(join(dir, 'logs', 'nginx.pid'))).toBe(false);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await child;
  }
});
