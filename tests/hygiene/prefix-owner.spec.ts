// A prefix belongs to one `harness up` (harness.lock, taken before anything is written there): a
// second one on it is refused at once, naming the first and how to stop it; a lock or state.json
// left by a process that is gone, or whose pid another process has now, is taken over; the user is
// told to kill a process only once it is confirmed to be the stack. The files holding the control
// token are written as new files of mode 0600, never through a symlink.
import { execa, type ResultPromise } from 'execa';
import { chmodSync, chownSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { distFile } from '../../harness/paths.js';
import { harnessUp, runHarness } from '../support/harness-up.js';
import { freePort } from '../support/ports.js';
import { mountTmpfs } from '../support/full-disk.js';

const READY = 'the stack is ready';
/** The portable fallback (tests/portable.config.ts) knows no start time: a live pid is confirmed by its control channel only. */
const portable = process.env.HARNESS_PORTABLE === '1';

/** `harness up` on `prefix` to its end; `outcome` resolves once it is ready or has exited, whichever comes first. */
function upOn(engine: string, prefix: string, port: number, adminPort: number, env?: Record<string, string>) {
  let child!: ResultPromise;
  let outcome!: Promise<'ready' | 'exited'>;
  const startedAt = performance.now();
  const done = runHarness(['up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', prefix, '--proxy', engine], {
    env,
    started: (c, output) => {
      child = c;
      outcome = new Promise((resolve) => {
        c.all!.on('data', () => output().includes(READY) && resolve('ready'));
        void c.finally(() => resolve('exited'));
      });
    },
  }).then((r) => ({ ...r, ms: performance.now() - startedAt }));
  return { child, outcome, done, port };
}

const stateOf = (prefix: string) => JSON.parse(readFileSync(join(prefix, 'state.json'), 'utf8')) as { pid: number; control: { token: string } };

test('two harness up on one prefix, five pairs started together, twice: one serves, the other is refused at once naming it; nothing left after SIGTERM', async ({ engine }, testInfo) => {
  test.setTimeout(180_000);
  const refusals: number[] = [];
  for (let round = 0; round < 2; round++) {
    const pairs = [];
    for (let i = 0; i < 5; i++) {
      const prefix = testInfo.outputPath(`round-${round}`, `pair-${i}`);
      pairs.push({ prefix, ports: [await freePort(), await freePort(), await freePort(), await freePort()] });
    }
    const runs = pairs.map(({ prefix, ports: [p1, a1, p2, a2] }) => [upOn(engine, prefix, p1, a1), upOn(engine, prefix, p2, a2)]);
    for (const [i, pair] of runs.entries()) {
      const { prefix } = pairs[i];
      const outcomes = await Promise.all(pair.map((u) => u.outcome));
      expect([...outcomes].sort(), `pair ${i} of round ${round}`).toEqual(['exited', 'ready']);
      const winner = pair[outcomes.indexOf('ready')];
      const loser = pair.find((u) => u !== winner)!;
      const refused = await loser.done;
      expect(refused.exitCode, refused.all).toBe(1);
      if (portable && !refused.all.includes('already running')) {
        // Refused before the first had its control channel: not confirmed, so not named to kill.
        expect(refused.all).toContain(`harness: ${join(prefix, 'harness.lock')} says that a harness up (pid ${winner.child.pid}, http://localhost:${winner.port}/) runs from ${prefix}.`);
        expect(refused.all).not.toMatch(/\bkill \d/);
      } else {
        expect(refused.all).toContain(`harness: a stack from ${prefix} is already running (pid ${winner.child.pid}, http://localhost:${winner.port}/).`);
        expect(refused.all).toContain(`Stop it (npx harness down --prefix ${prefix}, Ctrl-C in its terminal, or kill ${winner.child.pid}) or use another --prefix.`);
      }
      // Refused before it started or wrote anything.
      expect(refused.all).not.toMatch(/^(proxy|nginx|admin) +\|/m);
      expect(refused.left).toEqual([]);
      refusals.push(refused.ms);
      // The stack that serves is still the one state.json names, and still answers.
      expect(stateOf(prefix).pid).toBe(winner.child.pid);
      const status = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'status', '--prefix', prefix], { reject: false });
      expect(status.exitCode, status.stderr).toBe(0);
      expect(status.stdout).toContain(`The stack in ${prefix}: ${engine} engine`);
      winner.child.kill('SIGTERM');
      const stopped = await winner.done;
      expect(stopped.exitCode).toBe(143);
      expect(stopped.left).toEqual([]);
      expect(existsSync(join(prefix, 'state.json'))).toBe(false);
      expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
    }
  }
  // Measured: from the start of the refused command to its exit (the CLI's own start included).
  testInfo.annotations.push({ type: 'refused in (ms)', description: `${Math.round(Math.min(...refusals))}–${Math.round(Math.max(...refusals))}` });
});

test('a lock or state.json whose process is gone, or whose pid another process has now (pid 1), is taken over, never "already running"', async ({ engine }, testInfo) => {
  const exited = execa('true');
  const gone = exited.pid!;
  await exited;
  const locks = [JSON.stringify({ pid: gone, startedAt: '2026-01-01T00:00:00.000Z' }), 'not a lock'];
  // Pid 1 with another start time: the portable fallback cannot tell it from the stack (the next test).
  if (!portable) locks.push(JSON.stringify({ pid: 1, startTime: '1', startedAt: '2026-01-01T00:00:00.000Z' }));
  for (const [i, lock] of locks.entries()) {
    const dir = testInfo.outputPath(`case-${i}`);
    const prefix = join(dir, 'prefix');
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'harness.lock'), lock);
    // As `harness up` wrote it before there was a lock: pid 1 is alive, and is no harness.
    writeFileSync(join(prefix, 'state.json'), JSON.stringify({ pid: 1, url: 'http://localhost:1/', control: { url: 'http://127.0.0.1:1', token: 'x' } }));
    const up = await harnessUp(engine, dir);
    expect(up.output.join('\n')).not.toContain('already running');
    expect(stateOf(prefix).pid).toBe(up.child.pid);
    expect(JSON.parse(readFileSync(join(prefix, 'harness.lock'), 'utf8')).pid).toBe(up.child.pid);
    up.child.kill('SIGTERM');
    await up.child;
    expect(up.left()).toEqual([]);
    expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
  }
});

test('where a process cannot be told from another with its pid (the portable fallback), a lock naming a live pid is refused without "kill"', async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  const lock = join(prefix, 'harness.lock');
  writeFileSync(lock, JSON.stringify({ pid: 1, startTime: '1', startedAt: '2026-01-01T00:00:00.000Z' }));
  writeFileSync(join(prefix, 'state.json'), JSON.stringify({ pid: 1, url: 'http://localhost:1/', control: { url: `http://127.0.0.1:${await freePort()}`, token: 'x' } }));
  const r = await runHarness(['up', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', prefix, '--proxy', engine], { env: { HARNESS_PORTABLE: '1' } });
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`harness: ${lock} says that a harness up (pid 1) runs from ${prefix}. A process with pid 1 is alive, but this system cannot tell whether it is that harness up.`);
  expect(r.all).toContain(`if none does, delete ${lock}. Or use another --prefix.`);
  expect(r.all).not.toMatch(/kill 1\b/);
  expect(r.all).not.toContain('already running');
  expect(r.left).toEqual([]);
});

test('state.json holding the token: mode 0600 over a 0644 file, and a symlink in its place replaced, not written through', async ({ engine }, testInfo) => {
  const outside = testInfo.outputPath('outside.txt');
  writeFileSync(outside, 'not the harness\'s\n');
  for (const planted of ['file', 'symlink'] as const) {
    const dir = testInfo.outputPath(planted);
    const prefix = join(dir, 'prefix');
    mkdirSync(prefix, { recursive: true });
    const state = join(prefix, 'state.json');
    if (planted === 'file') {
      writeFileSync(state, '{}');
      chmodSync(state, 0o644);
    } else symlinkSync(outside, state);
    const up = await harnessUp(engine, dir);
    expect(lstatSync(state).isFile()).toBe(true);
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(stateOf(prefix).control.token).toMatch(/^[0-9a-f]{48}$/);
    expect(readFileSync(outside, 'utf8')).toBe('not the harness\'s\n');
    up.child.kill('SIGTERM');
    await up.child;
    expect(up.left()).toEqual([]);
    expect(readFileSync(outside, 'utf8')).toBe('not the harness\'s\n');
  }
});

/** `harness up` (or `up --detach`) on `prefix`, expected to be refused with `message` before anything is written or started. */
async function refusedOn(engine: string, prefix: string, message: string, detach = false) {
  const r = await runHarness(['up', ...(detach ? ['--detach'] : []), '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', prefix, '--proxy', engine]);
  expect(r.exitCode, r.all).toBe(1);
  expect(r.all).toContain(`harness: ${message}`);
  expect(r.all).not.toMatch(/^\s+at /m);
  expect(r.left).toEqual([]);
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
}

test('the conf and nginx\'s files the harness copies into a prefix, each a planted symlink: replaced, the targets untouched', async ({ engine }, testInfo) => {
  const dir = testInfo.outputPath('stack');
  const prefix = join(dir, 'prefix');
  const files = ['conf/nginx.conf', 'conf/mime.types', 'html/50x.html'];
  for (const f of files) {
    mkdirSync(join(prefix, f, '..'), { recursive: true });
    writeFileSync(testInfo.outputPath(f.replace('/', '-')), 'not the harness\'s\n');
    symlinkSync(testInfo.outputPath(f.replace('/', '-')), join(prefix, f));
  }
  const up = await harnessUp(engine, dir);
  for (const f of files) {
    expect(lstatSync(join(prefix, f)).isFile(), f).toBe(true);
    expect(readFileSync(testInfo.outputPath(f.replace('/', '-')), 'utf8'), f).toBe('not the harness\'s\n');
  }
  up.child.kill('SIGTERM');
  await up.child;
  expect(up.left()).toEqual([]);
});

test('each folder the harness writes in a prefix, a symlink in its place, is refused, naming it; nothing is written through it', async ({ engine }, testInfo) => {
  for (const folder of ['conf', 'html', 'logs', 'temp', 'uploads']) {
    const elsewhere = testInfo.outputPath(folder, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const prefix = testInfo.outputPath(folder, 'prefix');
    mkdirSync(prefix);
    symlinkSync(elsewhere, join(prefix, folder));
    await refusedOn(engine, prefix, `${join(prefix, folder)} is a symbolic link (to ${elsewhere}): the harness writes only in folders it made. Remove the link, or choose another --prefix.`);
    expect(readdirSync(elsewhere), folder).toEqual([]);
  }
});

test('a prefix, or its logs/, that every user may write to, or that is another user\'s, is refused with the reason and the fix', async ({ engine }, testInfo) => {
  test.skip(process.platform === 'win32', 'Windows gives no owner, nor modes for other users');
  for (const folder of ['', 'logs']) {
    const prefix = testInfo.outputPath(`writable-${folder}`, 'prefix');
    mkdirSync(join(prefix, folder), { recursive: true });
    chmodSync(join(prefix, folder), 0o777);
    const path = join(prefix, folder);
    await refusedOn(engine, prefix, `${path} may be written by every user (mode 777): anyone could put links in it that make the harness write where they choose. Make it yours alone (chmod o-w ${path}), or choose another --prefix.`);
  }
  // Only root can give a folder to another user.
  if (process.getuid?.() !== 0) return;
  const prefix = testInfo.outputPath('foreign', 'prefix');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  chownSync(join(prefix, 'logs'), 65534, 65534);
  await refusedOn(engine, prefix, `${join(prefix, 'logs')} belongs to another user (uid 65534; you are uid 0): they could put links in it that make the harness write where they choose. Choose a folder of your own with --prefix.`);
});

test('up --detach: logs/harness.log as a symlink, or a hard link to another file, is refused; its target is not written', async ({ engine }, testInfo) => {
  const target = testInfo.outputPath('target');
  writeFileSync(target, 'not the harness\'s\n');
  for (const link of ['symbolic', 'hard'] as const) {
    const prefix = testInfo.outputPath(link, 'prefix');
    mkdirSync(join(prefix, 'logs'), { recursive: true });
    const log = join(prefix, 'logs', 'harness.log');
    if (link === 'symbolic') symlinkSync(target, log);
    else linkSync(target, log);
    await refusedOn(engine, prefix, `${log} is a link, or not a plain file of yours: the stack never writes its log through a link. Remove it, or use another --prefix.`, true);
    expect(readFileSync(target, 'utf8')).toBe('not the harness\'s\n');
  }
});

test('up and up --detach refuse the same prefixes with the same words, exit 2, and make nothing: a read-only file system, a file system that makes no folders (/proc)', async ({ engine }, testInfo) => {
  const prefixes: string[] = [];
  const disk = mountTmpfs(testInfo.outputPath('ro'), 64, { readOnly: true });
  if (typeof disk !== 'string') prefixes.push(join(disk.dir, 'prefix'));
  // Node's own recursive mkdir spins there for ever, deaf to signals.
  if (process.platform === 'linux') prefixes.push('/proc/1/prefix', '/proc/1');
  test.skip(!prefixes.length, typeof disk === 'string' ? disk : 'no such file system here');
  try {
    for (const prefix of prefixes) {
      const said: string[] = [];
      for (const detach of [false, true]) {
        const r = await runHarness(['up', ...(detach ? ['--detach'] : []), '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', prefix, '--proxy', engine]);
        expect(r.exitCode, r.all).toBe(2);
        expect(r.all).toMatch(new RegExp(`^harness: --prefix ${prefix}: .+\\. Name a folder you may write in \\(it is made if missing\\)\\.$`, 'm'));
        expect(r.all).not.toMatch(/^\s+at /m);
        expect(r.left).toEqual([]);
        said.push(r.all.split('\n').find((l) => l.startsWith('harness: '))!);
      }
      expect(said[1], prefix).toBe(said[0]);
      expect(existsSync(join(prefix, 'logs')), prefix).toBe(false);
    }
    if (typeof disk !== 'string') expect(existsSync(prefixes[0])).toBe(false);
  } finally {
    if (typeof disk !== 'string') disk.unmount();
  }
});
