// `harness up` and `harness chaos` in front of a user's own admin server (--admin external
// --admin-upstream), as a user types them: the ready block, a fault applied to the user's server's
// answers, `chaos status`, the same-port refusal, a scenario run and the scenarios that need the
// stand-in refused, and the user's server left running when the stack stops.
import { join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from './fixtures.js';
import { distFile } from '../harness/paths.js';
import { harnessUp, runHarness } from './support/harness-up.js';
import { ownAnswer, startOwnServer } from './support/own-server.js';
import { freePort } from './support/ports.js';

const chaos = (...args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'chaos', ...args], { reject: false, all: true });

test('--admin-upstream where the harness listens for nginx is refused in one line that says how to move the server', async ({ engine }, testInfo) => {
  const port = await freePort();
  const r = await runHarness(['up', '--proxy', engine, '--admin-port', String(port), '--admin-upstream', `localhost:${port}`, '--prefix', testInfo.outputPath('prefix')]);
  expect(r.exitCode).toBe(2);
  expect(r.all.trim()).toBe(
    `harness: --admin-upstream localhost:${port} is the port the harness listens on for nginx (--admin-port ${port}): move your admin server to another port (server.port=8081 in application.yml), then give --admin-upstream 127.0.0.1:8081.`,
  );
  expect(r.left).toEqual([]);
});

test('harness up --admin external --admin-upstream: the ready block names the server, its answers are printed, a fault acts on them, chaos status says where, and the server runs on after the stack', async ({ engine }, testInfo) => {
  const own = await startOwnServer();
  try {
    const up = await harnessUp(engine, testInfo.outputPath('up'), ['--admin', 'external', '--admin-upstream', `127.0.0.1:${own.port}`]);
    try {
      await expect.poll(() => up.output.join('\n')).toContain(`admin    your own server on 127.0.0.1:${own.port}, through the harness on [::1]:${up.adminPort} and 127.0.0.1:${up.adminPort}`);
      const page = () => fetch(`http://127.0.0.1:${up.port}/api/employee/page`).then(async (r) => `${r.status} ${await r.text()}`);
      expect(await page()).toBe(`200 ${ownAnswer('GET', '/admin/employee/page')}`);
      await expect.poll(() => up.output.join('\n')).toMatch(/admin +\| GET \/admin\/employee\/page 200 \d+ ms \(via ::1\)/);
      const injected = await chaos('inject', 'admin.status', '503', '--prefix', up.prefix);
      expect(injected.exitCode, injected.all).toBe(0);
      expect(await page()).toBe('503 ');
      const status = await chaos('status', '--prefix', up.prefix);
      expect(status.all).toContain(`admin server your own on 127.0.0.1:${own.port}, through the harness's pass-through, listening (dual).`);
      expect(status.all).toContain('  admin.status 503: acted on 1 request');
      const ps = await execa(process.execPath, [distFile('harness/cli.js'), 'ps', '--prefix', up.prefix], { reject: false, all: true });
      expect(ps.all).toContain(`  admin    port ${up.adminPort}, your own server on 127.0.0.1:${own.port}, through the harness (dual)`);
    } finally {
      up.child.kill('SIGTERM');
      await up.child;
    }
    expect(up.left()).toEqual([]);
    expect(await (await fetch(`http://127.0.0.1:${own.port}/admin/x`)).text()).toBe(ownAnswer('GET', '/admin/x'));
  } finally {
    await own.close();
  }
});

test('chaos run in front of your own server: a scenario that does not need the stand-in runs; one that does is refused, saying why', async ({ engine }, testInfo) => {
  const own = await startOwnServer();
  try {
    const upstream = ['--admin', 'external', '--admin-upstream', `127.0.0.1:${own.port}`, '--proxy', engine];
    const refused = await chaos('run', 'login-and-page', ...upstream, '--out', testInfo.outputPath('refused'));
    expect(refused.exitCode).toBe(2);
    expect(refused.all).toBe("harness: login-and-page needs the admin stand-in: it checks the employee list the browser shows against the stand-in's seed (共 N 条, each row). Run it without --admin external and --admin-upstream.");
    const alone = await chaos('run', 'admin-ipv4-only', '--admin', 'external', '--out', testInfo.outputPath('alone'));
    expect(alone.exitCode).toBe(2);
    expect(alone.all).toContain('--admin external: give --admin-upstream HOST:PORT too');
    const run = await chaos('run', 'admin-ipv4-only', ...upstream, '--out', join(testInfo.outputPath('run')));
    expect(run.all).toContain(`in front of your admin server on 127.0.0.1:${own.port}`);
    expect(run.all).toContain('✓ the admin server saw every request on 127.0.0.1');
    expect(run.exitCode, run.all).toBe(0);
  } finally {
    await own.close();
  }
});
