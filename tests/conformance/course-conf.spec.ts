// The course's own nginx.conf (admin-app.md section 3), only its ports and listen address adapted:
// it sets no pid, access_log or temp path, so each engine's defaults decide where those go. Both
// put them inside the prefix, as the Windows build the course ships does; the system nginx's
// compiled-in ones (Debian: /var/log/nginx, /run/nginx.pid, /var/lib/nginx) must not apply.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { courseConf } from '../support/course-conf.js';
import { openFiles } from '../support/processes.js';
import { startExpectingFailure } from '../support/startup.js';

const TEMP_PATHS = ['client_body_temp', 'proxy_temp', 'fastcgi_temp', 'uwsgi_temp', 'scgi_temp'];

test('admin-app 3: the course conf writes its access log, pid file and temp paths inside the prefix, nothing under /var or /run', async ({ startProxy }) => {
  const p = await startProxy({ conf: courseConf(), upstream: 'dual' });
  mkdirSync(join(p.prefix, 'html', 'sky'));
  writeFileSync(join(p.prefix, 'html', 'sky', 'index.html'), '<h1>sky</h1>\n');
  expect((await p.send(get('/', p.port))).body).toBe('<h1>sky</h1>\n');
  expect((await p.send(get('/api/employee/page', p.port))).status).toBe(200);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET / HTTP/1.1" 200 13 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/employee/page HTTP/1.1" 200 97 "-" "-"',
  ]);
  expect(readFileSync(join(p.prefix, 'logs', 'nginx.pid'), 'latin1')).toBe(`${p.engine.pid}\n`);
  expect(existsSync('/run/nginx.pid') ? readFileSync('/run/nginx.pid', 'latin1') : '').not.toBe(`${p.engine.pid}\n`);
  for (const t of TEMP_PATHS) expect(existsSync(join(p.prefix, 'temp', t)), t).toBe(true);
  const files = [p.engine.pid, ...(await p.engine.workers())].flatMap(openFiles);
  expect(files).toContain(join(p.prefix, 'logs', 'access.log'));
  expect(files).toContain(join(p.prefix, 'logs', 'error.log'));
  expect(files.filter((f) => /^\/(var|run)\//.test(f) && /nginx/.test(f))).toEqual([]);
});

test('admin-app 3: an [emerg] in the course conf names the line of the file as the user wrote it', async ({ engine }, testInfo) => {
  const conf = courseConf().replace('        server_name  localhost;\n', '        server_name  localhost;\n        bogus_directive on;\n');
  const line = conf.split('\n').indexOf('        bogus_directive on;') + 1;
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { conf });
  expect(f.error.message).toBe(`nginx: [emerg] unknown directive "bogus_directive" in ${f.prefix}/conf/nginx.conf:${line}`);
  expect(f.error.exitCode).toBe(1);
});
