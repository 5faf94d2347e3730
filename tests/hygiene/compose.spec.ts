// docker compose's verbs: `harness up --detach` returns once the stack is ready, `ps` shows it,
// `logs` prints and follows its logs, `down` stops it and waits until nothing of it is left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { repoRoot } from '../../harness/paths.js';
import { canBind } from '../../harness/ports.js';
import { freePort, holdPort } from '../support/ports.js';
import { alive, descendants } from '../support/processes.js';
import { mountTmpfs } from '../support/full-disk.js';
import { runHarness } from '../support/harness-up.js';

const harness = (args: string[]) => execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), ...args], { cwd: repoRoot, reject: false, all: true, timeout: 60_000 });

test('up --detach, ps, logs, down: a stack in the background, seen, read and stopped', async ({ engine }, testInfo) => {
  test.slow();
  const prefix = testInfo.outputPath('prefix');
  const [port, adminPort] = [await freePort(), await freePort()];
  const up = await harness(['up', '--detach', '--port', String(port), '--admin-port', String(adminPort), '--proxy', engine, '--prefix', prefix]);
  expect(up.exitCode, up.all).toBe(0);
  expect(up.all).toMatch(new RegExp(`^the stack runs in the background \\(pid (\\d+)\\):\\n  open     http://localhost:${port}/`));
  const pid = Number(/pid (\d+)/.exec(up.all)![1]);
  try {
    // Ready when the command returns: no wait.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect(up.all).toContain(`  stop     npx harness down --prefix ${prefix}`);

    const inject = await harness(['chaos', 'inject', 'admin.stop', '--prefix', prefix]);
    expect(inject.exitCode, inject.all).toBe(0);
    const ps = await harness(['ps', '--json', '--prefix', prefix]);
    expect(ps.exitCode, ps.all).toBe(0);
    expect(JSON.parse(ps.stdout)).toEqual([
      expect.objectContaining({ prefix, pid, url: `http://localhost:${port}/`, engine, proxyPort: port, adminPort, detached: true, faults: ['admin.stop'], uptimeSeconds: expect.any(Number) }),
    ]);
    expect((await harness(['ps', '--prefix', prefix])).stdout).toMatch(/^.*: pid \d+ \(detached\), up \d+s\n  url      http:\/\/localhost:\d+\/\n[^]*  faults   admin\.stop\n/);

    expect((await fetch(`http://127.0.0.1:${port}/api/employee/login`, { method: 'POST' })).status).toBe(502);
    const error = await harness(['logs', 'error', '--prefix', prefix]);
    expect(error.stdout).toMatch(/connect\(\) failed \(111: Connection refused\) while connecting to upstream/);
    const all = await harness(['logs', '--prefix', prefix]);
    expect(all.stdout).toMatch(/^error +\| .*connect\(\) failed/m);
    expect(all.stdout).toMatch(/^access +\| .*"POST \/api\/employee\/login HTTP\/1\.1" 502 /m);
    expect(all.stdout).toMatch(/^harness +\| .*the stack is ready/m);
    // harness.log's lines carry their own tag; a detached stack has no terminal to press Ctrl-C in.
    expect(all.stdout).not.toMatch(/^harness +\| harness \|/m);
    expect(all.stdout).toContain(`npx harness down --prefix ${prefix} stops everything.`);
    expect(all.stdout).not.toContain('Ctrl-C');
  } finally {
    const down = await harness(['down', '--prefix', prefix]);
    expect(down.exitCode, down.all).toBe(0);
    expect(down.stdout).toBe(`stopped the stack of ${prefix} (pid ${pid}); nothing of it is left running.`);
  }
  // Stopped, and waited for: nothing of it runs or listens, its state and lock are gone.
  expect(alive(pid)).toBe(false);
  for (const p of [port, adminPort]) expect(await canBind('127.0.0.1', p)).toEqual({ ok: true });
  expect(existsSync(join(prefix, 'state.json'))).toBe(false);
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
  expect((await harness(['ps', '--prefix', prefix])).stdout).toBe(`no stack is running from ${prefix}.`);
  expect((await harness(['down', '--prefix', prefix])).stdout).toBe(`no stack is running from ${prefix}: nothing to stop.`);
});

test('logs -f: new lines as they are written, until Ctrl-C', async ({ engine }, testInfo) => {
  test.slow();
  const prefix = testInfo.outputPath('prefix');
  const port = await freePort();
  const up = await harness(['up', '-d', '--port', String(port), '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
  expect(up.exitCode, up.all).toBe(0);
  try {
    const follow = execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'logs', '-f', 'access', '--prefix', prefix], { cwd: repoRoot, reject: false, all: true, buffer: false });
    let seen = '';
    follow.all!.on('data', (d: Buffer) => (seen += d.toString()));
    // Each request is a new line the follower must print, whenever it is ready to read.
    await expect(async () => {
      await fetch(`http://127.0.0.1:${port}/style.css`);
      expect(seen).toContain('"GET /style.css HTTP/1.1" 200');
    }).toPass({ timeout: 20_000 });
    follow.kill('SIGINT');
    const r = await follow;
    expect(r.exitCode).toBe(0);
    expect(descendants(follow.pid!)).toEqual([]);
  } finally {
    expect((await harness(['down', '--prefix', prefix])).exitCode).toBe(0);
  }
});

test('up --detach that cannot start says why, with the stack\'s own output, and leaves nothing running', async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  const held = await holdPort();
  try {
    const up = await harness(['up', '--detach', '--port', String(held.port), '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
    expect(up.exitCode).toBe(1);
    expect(up.all).toContain(`port ${held.port} on 127.0.0.1 is in use`);
    expect(up.all).toMatch(/harness up did not start in the background \(exit code 1\); its whole output is in .*harness\.log\.$/);
    // A second detached start on a running stack: refused, and shows its own lines, not the first's.
    const first = await harness(['up', '-d', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
    expect(first.exitCode, first.all).toBe(0);
    const second = await harness(['up', '-d', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
    expect(second.exitCode).toBe(1);
    expect(second.all).toContain(`Stop it (npx harness down --prefix ${prefix}, `);
    expect(second.all).not.toContain('the stack is ready');
    expect((await harness(['down', '--prefix', prefix])).exitCode).toBe(0);
    expect(existsSync(join(prefix, 'state.json'))).toBe(false);
  } finally {
    await held.close();
  }
});

test('up -d with a bad command line: the stack\'s own harness up refuses it, the command says so with that exit code, and nothing is left', async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  const r = await runHarness(['up', '-d', '--port', 'eighty', '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
  expect(r.exitCode, r.all).toBe(2);
  expect(r.all).toContain('harness: --port eighty: a port is a whole number from 1 to 65535.');
  expect(r.all).toContain(`harness up did not start in the background (exit code 2); its whole output is in ${join(prefix, 'logs', 'harness.log')}.`);
  expect(r.all).not.toMatch(/^\s+at /m);
  expect(r.left).toEqual([]);
  expect(existsSync(join(prefix, 'state.json'))).toBe(false);
});

test('up --detach with its prefix on a disk that fills: the stack answers on, its faults apply and undo, down stops it', async ({ engine }, testInfo) => {
  const disk = mountTmpfs(testInfo.outputPath('disk'), 4096);
  test.skip(typeof disk === 'string', typeof disk === 'string' ? disk : '');
  if (typeof disk === 'string') return;
  const prefix = join(disk.dir, 'prefix');
  try {
    const port = await freePort();
    const up = await harness(['up', '--detach', '--port', String(port), '--admin-port', String(await freePort()), '--proxy', engine, '--prefix', prefix]);
    expect(up.exitCode, up.all).toBe(0);
    const pid = Number(/pid (\d+)/.exec(up.all)![1]);
    disk.fill();
    // Every answer writes an access-log line, and the faults write to harness.log: none of it can be written now.
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect((await harness(['chaos', 'inject', 'admin.stop', '--prefix', prefix])).exitCode).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/employee/page`)).status).toBe(502);
    expect((await harness(['chaos', 'restore', '--prefix', prefix])).exitCode).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect(alive(pid)).toBe(true);
    const down = await harness(['down', '--prefix', prefix]);
    expect(down.exitCode, down.all).toBe(0);
    expect(alive(pid)).toBe(false);
  } finally {
    await harness(['down', '--prefix', prefix]);
    disk.unmount();
  }
});
