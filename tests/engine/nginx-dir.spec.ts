// `harness up --nginx-dir DIR`: the user's whole nginx folder, as the course ships it for Windows,
// run as it is by either engine (real nginx with -p DIR). Without temp/ it fails as nginx fails
// there; with it, the stack serves the folder's front end and proxies its /api/. The harness writes
// nothing in the folder: what is new there afterwards is what nginx writes (its logs, temp/'s
// folders), and the stale pid file is nginx's to replace and remove. `--nginx` picks the program.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { test, expect } from '../fixtures.js';
import { freePort } from '../support/ports.js';
import { upWhile as up } from '../support/harness-up.js';
import { courseNginxFolder, files, STALE_PID } from '../support/nginx-folder.js';
import { findNginx } from '../../harness/nginx/engine.js';


async function folder(testInfo: { outputPath(...p: string[]): string }) {
  const [port, adminPort] = [await freePort(), await freePort()];
  const dir = courseNginxFolder(testInfo.outputPath('nginx-1.20.2'), port, adminPort);
  return { dir, port, adminPort, prefix: testInfo.outputPath('harness'), before: files(dir) };
}

/** What a run changed in the folder: each path added, removed or rewritten. */
function changes(before: Map<string, Buffer | 'folder'>, after: Map<string, Buffer | 'folder'>): string[] {
  const same = (a?: Buffer | 'folder', b?: Buffer | 'folder') => a === b || (Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b));
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.filter((p) => !same(before.get(p), after.get(p))).map((p) => `${before.has(p) ? (after.has(p) ? '~' : '-') : '+'} ${p}`);
}

test('the course\'s folder without temp/: the start fails as nginx fails there, and the folder keeps its conf, html and stale pid', async ({ engine }, testInfo) => {
  const f = await folder(testInfo);
  const r = await up(['--nginx-dir', f.dir, '--proxy', engine, '--admin-port', String(f.adminPort), '--prefix', f.prefix]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`[emerg] mkdir() "${f.dir}/temp/client_body_temp" failed (2: No such file or directory)`);
  expect(r.left).toEqual([]);
  // nginx wrote its error log; nothing else changed: no temp/ made for it, the pid file still the old one.
  expect(changes(f.before, files(f.dir))).toEqual(['+ logs/error.log']);
  expect(readFileSync(join(f.dir, 'logs', 'nginx.pid'), 'utf8')).toBe(STALE_PID);
});

test('the embedded engine\'s Windows profile says it as nginx.exe does: CreateDirectory() (3: ...)', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the Windows profile is the embedded engine\'s');
  const f = await folder(testInfo);
  const r = await up(['--nginx-dir', f.dir, '--os', 'windows', '--admin-port', String(f.adminPort), '--prefix', f.prefix]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`[emerg] CreateDirectory() "C:${f.dir.replaceAll('/', '\\')}/temp/client_body_temp" failed (3: The system cannot find the path specified)`);
  expect(r.left).toEqual([]);
});

test('the Windows profile writes the pid file as nginx.exe does, ending in CRLF (ngx_create_pidfile\'s %P%N)', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the Windows profile is the embedded engine\'s');
  const f = await folder(testInfo);
  mkdirSync(join(f.dir, 'temp'));
  let pid = '';
  await up(['--nginx-dir', f.dir, '--os', 'windows', '--admin-port', String(f.adminPort), '--prefix', f.prefix], async () => {
    pid = readFileSync(join(f.dir, 'logs', 'nginx.pid'), 'utf8');
  });
  expect(pid).toMatch(/^\d+\r\n$/);
  expect(pid).not.toBe(STALE_PID);
});

test('with temp/ made, the folder\'s front end and /api/ are served; nginx writes its pid over the stale one and removes it when it stops', async ({ engine }, testInfo) => {
  const f = await folder(testInfo);
  mkdirSync(join(f.dir, 'temp'));
  const before = files(f.dir);
  let pidWhileUp = '';
  const r = await up(['--nginx-dir', f.dir, '--proxy', engine, '--admin-port', String(f.adminPort), '--prefix', f.prefix], async () => {
    const page = await request(`http://127.0.0.1:${f.port}/`);
    expect(page.statusCode).toBe(200);
    expect(await page.body.text()).toBe(readFileSync(join(f.dir, 'html', 'sky', 'index.html'), 'utf8'));
    const login = await request(`http://127.0.0.1:${f.port}/api/employee/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
    expect(login.statusCode).toBe(200);
    expect(((await login.body.json()) as { code: number }).code).toBe(1);
    pidWhileUp = readFileSync(join(f.dir, 'logs', 'nginx.pid'), 'utf8');
  });
  expect(r.all).toContain(`frontend ${join(f.dir, 'html', 'sky')} (root html/sky, ${join(f.dir, 'conf', 'nginx.conf')}:`);
  expect(r.all).toContain(`logs     ${join(f.dir, 'logs', 'error.log')}`);
  expect(pidWhileUp).toMatch(/^\d+\n$/);
  expect(pidWhileUp).not.toBe(STALE_PID);
  expect(r.left).toEqual([]);
  // What nginx writes: its logs, the pid file (gone again), its temp folders. Nothing of the harness.
  const changed = changes(before, files(f.dir));
  expect(changed).toEqual(expect.arrayContaining(['+ logs/access.log', '+ logs/error.log', '- logs/nginx.pid', '+ temp/client_body_temp/', '+ temp/proxy_temp/']));
  expect(changed.filter((c) => !/^\+ (logs\/(access|error)\.log|temp\/\w+\/)$/.test(c))).toEqual(['- logs/nginx.pid']);
});

test('--nginx names the program --proxy nginx runs', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'nginx', 'real nginx');
  const f = await folder(testInfo);
  mkdirSync(join(f.dir, 'temp'));
  // A program of the user's own: it notes that it ran, then is the system's nginx.
  const ran = testInfo.outputPath('ran');
  const program = testInfo.outputPath('my-nginx');
  writeFileSync(program, `#!/bin/sh\necho "$@" >> "${ran}"\nexec "${findNginx()}" "$@"\n`);
  chmodSync(program, 0o755);
  const r = await up(['--nginx-dir', f.dir, '--proxy', 'nginx', '--nginx', program, '--admin-port', String(f.adminPort), '--prefix', f.prefix]);
  expect(r.all).toContain('the stack is ready');
  expect(readFileSync(ran, 'utf8')).toContain(`-p ${f.dir} -c ${join(f.prefix, 'conf', 'nginx.conf')} -e logs/error.log -g daemon off; pid logs/nginx.pid;`);
  expect(r.left).toEqual([]);
});

test('--frontend elsewhere than the folder\'s root is refused: the harness puts nothing in the user\'s html/', async ({ engine }, testInfo) => {
  const f = await folder(testInfo);
  mkdirSync(join(f.dir, 'temp'));
  const before = files(f.dir);
  const dist = testInfo.outputPath('dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<h1>mine</h1>');
  const r = await up(['--nginx-dir', f.dir, '--proxy', engine, '--frontend', dist, '--admin-port', String(f.adminPort), '--prefix', f.prefix]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`--frontend ${dist}: your nginx folder's conf serves / from ${join(f.dir, 'html', 'sky')} (root html/sky, ${join(f.dir, 'conf', 'nginx.conf')}:`);
  expect(r.all).toContain('What to do: put your built front end there (as you would for nginx), or leave out --frontend.');
  expect(changes(before, files(f.dir))).toEqual([]);
  expect(r.left).toEqual([]);
});
