// The package as users install it: `npm pack`'s tarball, installed with --omit=dev into an empty
// folder outside the clone (no TypeScript, no test runner), runs its commands and its API there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { repoRoot } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';
import { harnessUp } from '../support/harness-up.js';
import { alive, descendants } from '../support/processes.js';

test('npm pack, then npm install --omit=dev in an empty folder: sky-harness doctor, up --detach, ps, down and import("sky-harness") work there', async ({ engine }) => {
  test.skip(engine !== 'embedded', 'one install is enough: the package is the same for both engines');
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'sky-harness-package-'));
  try {
    const pack = await execa('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot });
    const [{ filename, files }] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    const shipped = files.map((f) => f.path);
    expect(shipped).toEqual(expect.arrayContaining(['bin/harness.js', 'dist/harness/cli.js', 'dist/harness/api/index.js', 'dist/stand-in/admin-server/main.js', 'stand-in/frontend/index.html', 'harness/nginx/mime.types', 'harness/control/page/index.html', 'harness/check-server/transcripts/01-login.json']));
    // What `harness` runs (bin/harness.js): the bundle of the CLI, the pre-boot and the worker.
    expect(shipped).toEqual(expect.arrayContaining(['dist/bundle/harness/cli.js', 'dist/bundle/harness/embedded/preboot.js', 'dist/bundle/harness/embedded/worker-main.js']));
    // No TypeScript source, no tests, no benchmarks: the compiled commands only.
    expect(shipped.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(shipped.filter((f) => /^dist\/(tests|bench)\/|\.spec\./.test(f))).toEqual([]);

    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    await execa('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', join(dir, filename)], { cwd: app });

    const log = join(repoRoot, 'tests', 'fixtures', 'nginx-logs', '01-win-login-refused-both-orders.log');
    const doctor = await execa('npx', ['sky-harness', 'doctor', log], { cwd: app, reject: false });
    expect(doctor.stderr).toBe('');
    expect(doctor.exitCode).toBe(1); // problems found
    expect(doctor.stdout).toContain('upstream-refused');
    // Under a Chinese locale, in Chinese: the texts ship inside the bundle.
    const zh = await execa('npx', ['sky-harness', 'doctor', log], { cwd: app, reject: false, env: { LANG: 'zh_CN.UTF-8', LC_ALL: undefined, HARNESS_LANG: undefined } });
    expect(zh.exitCode).toBe(1);
    expect(zh.stdout).toContain('upstream-refused');
    expect(zh.stdout).toMatch(/\p{Script=Han}{4}/u);
    expect(doctor.stdout).toContain('Start the admin server on 8080');
    expect(zh.stdout).not.toContain('Start the admin server on 8080');
    // check-server reads the course's transcripts from the package: their count, then no server there.
    const check = await execa('npx', ['harness', 'check-server', '1'], { cwd: app, reject: false });
    expect(check.stderr).toMatch(/^harness: harness check-server sends 1\d\d requests to 127\.0\.0\.1:1 /);
    expect(check.exitCode).toBe(2);
    const nobody = await execa('npx', ['harness', 'check-server', '1', '--yes'], { cwd: app, reject: false });
    expect(nobody.stderr).toContain('harness: nothing answers at 127.0.0.1:1 (ECONNREFUSED)');
    expect(nobody.exitCode).toBe(1);
    const alias = await execa('npx', ['harness', '--help'], { cwd: app });
    expect(alias.stdout).toMatch(/^harness <command>/);
    // yargs, inside the bundle, still finds its own files (its locales) in the installed yargs. Not
    // under the specs' HARNESS_LANG: a language the user chose puts yargs' words in ours.
    const german = await execa('npx', ['harness', 'xyzzy'], { cwd: app, reject: false, env: { LC_ALL: 'de_DE.UTF-8', HARNESS_LANG: undefined } });
    expect(german.stderr).toContain('Unbekanntes Argument: xyzzy');

    // `harness up` from the package's bundle, to its ready line, then Ctrl-C: the bundle forks its own worker.
    const up = await harnessUp('embedded', app, [], undefined, { via: 'npx', inDir: true });
    const tree = [up.child.pid!, ...descendants(up.child.pid!)];
    up.child.kill('SIGTERM');
    await up.child;
    await expect.poll(() => tree.filter(alive), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => up.output.join('\n')).toContain('nothing of the stack is left running');

    // The stack's whole life cycle from that folder: up in the background, ps, down.
    const port = String(await freePort());
    const detached = await execa('npx', ['sky-harness', 'up', '--detach', '--port', port, '--admin-port', String(await freePort())], { cwd: app, reject: false, all: true });
    expect(detached.exitCode, detached.all).toBe(0);
    try {
      const ps = await execa('npx', ['sky-harness', 'ps', '--json'], { cwd: app });
      expect(JSON.parse(ps.stdout)).toEqual([expect.objectContaining({ prefix: join(app, '.harness'), url: `http://localhost:${port}/`, detached: true })]);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      const down = await execa('npx', ['sky-harness', 'down'], { cwd: app, reject: false, all: true });
      expect(down.exitCode, down.all).toBe(0);
    }

    writeFileSync(
      join(app, 'use.js'),
      `import { up } from 'sky-harness';
const stack = await up();
const r = await fetch(stack.url + 'api/employee/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
console.log(String(r.status), (await r.json()).data.name);
await stack.stop();
`,
    );
    const api = await execa(process.execPath, ['use.js'], { cwd: app, reject: false, all: true });
    expect(api.all).toBe('200 管理员');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
