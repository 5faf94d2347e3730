// A user's own nginx.conf through `harness up --nginx-conf`, as the user sees it on either engine:
// a refusal names their file and line (never the prefix's copy) and says whether the line is valid
// nginx the embedded engine does not run, or an error nginx itself refuses; the course's conf with
// --frontend serves that front end where its `root html/sky` points, on any port, with the order
// socket's port written into a copy; the ready block names only a front end the stack serves.
import { cpSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { request } from 'undici';
import { test, expect } from '../fixtures.js';
import { COURSE_CONF } from '../support/course-conf.js';
import { userLine } from '../support/proxy-under-test.js';
import { freePort } from '../support/ports.js';
import { upWhile as up } from '../support/harness-up.js';
import { defaultFrontendRoot, repoRoot } from '../../harness/paths.js';

/** The stand-in of the course's built front end: its bundle dials ws://localhost/ws/. */
const COURSE_FRONTEND = join(repoRoot, 'tests', 'fixtures', 'course-frontend');

/** The course's conf as shipped, on `port` (written as its `listen 80` is: a wildcard) and the stub's admin port. */
function courseConf(file: string, port: number, adminPort: number, edit: (conf: string) => string = (c) => c): string {
  writeFileSync(file, userLine() + edit(COURSE_CONF.replace('listen       80;', `listen       ${port};`).replaceAll(':8080', `:${adminPort}`)));
  return file;
}

/** The 1-based line of `text` in `file`. */
const lineOf = (file: string, text: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

async function get(url: string): Promise<{ status: number; text: string }> {
  const r = await request(url);
  return { status: r.statusCode, text: await r.body.text() };
}

test('a line the embedded engine does not run is named at the user\'s file and line as valid nginx, with the two ways out; real nginx runs it', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort, (c) => c.replace('    sendfile        on;', '    sendfile        on;\n    proxy_cache_path temp/cache keys_zone=one:1m;'));
  const prefix = testInfo.outputPath('prefix');
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix]);
  expect(r.all).not.toContain(join(prefix, 'conf', 'nginx.conf'));
  if (engine === 'nginx') {
    expect(r.all).toContain('the stack is ready');
    return;
  }
  const at = `${conf}:${lineOf(conf, 'proxy_cache_path')}`;
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`nginx: [emerg] "proxy_cache_path" (caching of upstream answers is not emulated) is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${at}`);
  expect(r.all).toContain(`What it means: the embedded engine refused "proxy_cache_path" (caching of upstream answers is not emulated) at ${at}: that line is valid nginx, which real nginx runs, but the embedded engine does not.`);
  expect(r.all).toContain(`What to do: Run real nginx on this conf (harness up --proxy nginx), or delete the line at ${at} (or comment it out with #).`);
  expect(r.all).not.toContain('nginx refused its configuration');
  expect(r.left).toEqual([]);
});

test('under the Windows profile too (which shows paths as C:\\…), the refusal names the user\'s file, not the copy', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the Windows profile is the embedded engine\'s');
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort, (c) => c.replace('    sendfile        on;', '    sendfile        on;\n    userid on;'));
  const prefix = testInfo.outputPath('prefix');
  const r = await up(['--os', 'windows', '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix]);
  expect(r.exitCode).toBe(1);
  // Shown as Windows nginx shows a conf: its folder with backslashes, then the file's name.
  const shown = `C:${dirname(conf).replaceAll('/', '\\')}/nginx.conf`;
  expect(r.all).toContain(`nginx: [emerg] "userid" is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${shown}:${lineOf(conf, 'userid on')}`);
  expect(r.all).not.toContain('prefix\\conf');
  expect(r.all).not.toContain('prefix/conf');
});

test('a directive nobody knows (a typo) keeps nginx\'s own [emerg] and its explanation, at the user\'s file and line', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort, (c) => c.replace('proxy_pass   http://webservers/user/;', 'prxy_pass   http://webservers/user/;'));
  const prefix = testInfo.outputPath('prefix');
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix]);
  const at = `${conf}:${lineOf(conf, 'prxy_pass')}`;
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`${engine === 'nginx' ? 'nginx' : 'proxy'}   | nginx: [emerg] unknown directive "prxy_pass" in ${at}`);
  expect(r.all).toContain(`What it means: nginx refused its configuration: "prxy_pass" at ${at} is no directive it knows`);
  expect(r.all).not.toContain(join(prefix, 'conf', 'nginx.conf'));
  expect(r.all).not.toContain('not supported by the embedded engine');
  expect(r.left).toEqual([]);
});

test('a conf that includes conf.d/*.conf by a relative path: its servers run as the user\'s nginx would read them, and an error in one is named at the user\'s file and line', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const dir = testInfo.outputPath('conf');
  const conf = join(dir, 'nginx.conf');
  const site = join(dir, 'conf.d', 'sky.conf');
  mkdirSync(join(dir, 'conf.d'), { recursive: true });
  writeFileSync(conf, `${userLine()}events {}\nhttp {\n  include mime.types;\n  include conf.d/*.conf;\n}\n`);
  const server = (extra = '') => `server {\n  listen ${port};\n  location / { root html/sky; }\n${extra}  location /api/ { proxy_pass http://127.0.0.1:${adminPort}/admin/; }\n}\n`;
  writeFileSync(site, server());
  const prefix = testInfo.outputPath('prefix');
  const args = ['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix];
  const ok = await up(args, async () => {
    expect((await get(`http://127.0.0.1:${port}/`)).text).toBe(readFileSync(join(defaultFrontendRoot, 'index.html'), 'utf8'));
    expect((await get(`http://127.0.0.1:${port}/api/shop/status`)).status).toBe(401);
  });
  expect(ok.all).toContain(`${site}:2: "listen ${port}" would bind port ${port} on every IPv4 address of this machine`);
  expect(ok.all).toContain(`frontend the stub front end, served from ${join(prefix, 'html', 'sky')} (root html/sky, ${site}:3)`);
  expect(ok.left).toEqual([]);
  // A typo in the included file, at the next start: named where the user wrote it.
  writeFileSync(site, server('  prxy_pass http://x;\n'));
  const bad = await up(args);
  expect(bad.exitCode).toBe(1);
  expect(bad.all).toContain(`nginx: [emerg] unknown directive "prxy_pass" in ${site}:4`);
  expect(bad.all).not.toContain(join(prefix, 'conf'));
});

test('the course\'s conf with --frontend on a port other than 80: served where its root html/sky points, its socket\'s port written into a copy, said in one line; the user\'s files unchanged', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort);
  const frontend = testInfo.outputPath('dist');
  cpSync(COURSE_FRONTEND, frontend, { recursive: true });
  const bundle = readFileSync(join(frontend, 'js', 'app.js'), 'utf8');
  const prefix = testInfo.outputPath('prefix');
  const sky = join(prefix, 'html', 'sky');
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--frontend', frontend, '--admin-port', String(adminPort), '--prefix', prefix], async () => {
    expect(await get(`http://127.0.0.1:${port}/`)).toEqual({ status: 200, text: readFileSync(join(frontend, 'index.html'), 'utf8') });
    expect(await get(`http://127.0.0.1:${port}/js/app.js`)).toEqual({ status: 200, text: bundle.replace('ws://localhost/ws/', `ws://localhost:${port}/ws/`) });
  });
  expect(r.all).toContain(
    `harness | your front end dials ws://localhost/ws/ (port 80, written into js/app.js); the stack serves a copy from ${sky} with ws://localhost:${port}/ws/, so that order reminders (来单提醒) arrive on port ${port}. Your files are unchanged.`,
  );
  expect(r.all).toContain(`frontend ${frontend}, served from ${sky} (root html/sky, ${conf}:${lineOf(conf, 'html/sky')})`);
  expect(r.all).toContain(`Open http://localhost:${port}/ and log in as admin / 123456.`);
  expect(readFileSync(join(frontend, 'js', 'app.js'), 'utf8')).toBe(bundle);
  expect(r.left).toEqual([]);
});

test('the course\'s conf without --frontend: its root html/sky serves the stub front end, and the ready block says so', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort);
  const prefix = testInfo.outputPath('prefix');
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix], async () => {
    expect(await get(`http://127.0.0.1:${port}/`)).toEqual({ status: 200, text: readFileSync(join(defaultFrontendRoot, 'index.html'), 'utf8') });
  });
  expect(r.all).toContain(`frontend the stub front end, served from ${join(prefix, 'html', 'sky')} (root html/sky, ${conf}:${lineOf(conf, 'html/sky')})`);
  expect(r.left).toEqual([]);
});

test('without --frontend, what the user put at html/sky themselves (a link to their dist) is served as it is', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort);
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(join(prefix, 'html'), { recursive: true });
  symlinkSync(COURSE_FRONTEND, join(prefix, 'html', 'sky'));
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix], async () => {
    expect(await get(`http://127.0.0.1:${port}/`)).toEqual({ status: 200, text: readFileSync(join(COURSE_FRONTEND, 'index.html'), 'utf8') });
  });
  expect(r.all).toContain(`frontend ${join(prefix, 'html', 'sky')} → ${COURSE_FRONTEND} (root html/sky, ${conf}:${lineOf(conf, 'html/sky')})`);
  expect(readlinkSync(join(prefix, 'html', 'sky'))).toBe(COURSE_FRONTEND);
});

test('--frontend where the conf serves / from a folder outside the prefix, or proxies it: refused before anything starts, with the way out', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const elsewhere = testInfo.outputPath('www');
  const rooted = courseConf(testInfo.outputPath('rooted.conf'), port, adminPort, (c) => c.replace('root   html/sky;', `root   ${elsewhere};`));
  const proxied = courseConf(testInfo.outputPath('proxied.conf'), port, adminPort, (c) => c.replace('root   html/sky;', 'proxy_pass http://127.0.0.1:5173;'));
  const prefix = testInfo.outputPath('prefix');
  const run = (conf: string) => up(['--proxy', engine, '--nginx-conf', conf, '--frontend', COURSE_FRONTEND, '--admin-port', String(adminPort), '--prefix', prefix]);
  const a = await run(rooted);
  expect(a.exitCode).toBe(1);
  expect(a.all).toContain(`harness: your conf serves / from ${elsewhere} (root ${elsewhere}, ${rooted}:${lineOf(rooted, elsewhere)}): that is not a folder of its own under the prefix's html/`);
  expect(a.all).toContain('What to do: point that root at your front end\'s folder and leave out --frontend');
  const b = await run(proxied);
  expect(b.exitCode).toBe(1);
  expect(b.all).toContain(`harness: --frontend ${COURSE_FRONTEND}: your conf sends / to proxy_pass http://127.0.0.1:5173 (${proxied}:${lineOf(proxied, '5173')}), so the front end would not be served.`);
  for (const r of [a, b]) {
    expect(r.all).not.toContain('the stack is ready');
    expect(r.left).toEqual([]);
  }
});

test('a front end put where the conf\'s / does not serve its index.html (index main.html): the start fails, never "ready"', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = courseConf(testInfo.outputPath('nginx.conf'), port, adminPort, (c) => c.replace('index  index.html index.htm;', 'index  main.html;'));
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--frontend', COURSE_FRONTEND, '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix')]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`the proxy answered http://127.0.0.1:${port}/ with 403 instead of the front end's index (${join(testInfo.outputPath('prefix'), 'html', 'sky', 'index.html')})`);
  expect(r.all).not.toContain('the stack is ready');
  expect(r.left).toEqual([]);
});

test('a conf whose / has no index.html announces no front end and no page to log in to', async ({ engine }, testInfo) => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `${userLine()}events {}\nhttp {\n  server {\n    listen 127.0.0.1:${port};\n    location /api/ { proxy_pass http://127.0.0.1:${adminPort}/admin/; }\n  }\n}\n`);
  const prefix = testInfo.outputPath('prefix');
  const r = await up(['--proxy', engine, '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', prefix]);
  expect(r.all).toContain(`frontend none: your conf serves / from ${join(prefix, 'html')} (nginx's default root html, ${conf}:${lineOf(conf, 'server {')}), which has no index.html`);
  expect(r.all).toContain('The proxy listens where your conf says.');
  expect(r.all).not.toContain('log in as admin');
  expect(r.left).toEqual([]);
});
