// The life of a `harness up` stack seen from outside: a stop signal at each moment of the start
// ends it with 128 + the signal's number and says so; `harness down` while the stack starts waits
// for the start to end, then stops it; Ctrl-C on `up --detach` stops the start it waits for; and a
// crafted state.json or lock (someone who can write the prefix) is refused with what is wrong,
// never called, never named as a process to kill, never a crash.
import http from 'node:http';
import net from 'node:net';
import { execa, type ResultPromise } from 'execa';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { repoRoot } from '../../harness/paths.js';
import { up } from '../../harness/api/index.js';
import { processStartTime } from '../../harness/platform.js';
import { runHarness, whenOutput } from '../support/harness-up.js';
import { freePort } from '../support/ports.js';
import { userLine } from '../support/proxy-under-test.js';

const portable = process.env.HARNESS_PORTABLE === '1';
const SIGNALS = [
  ['SIGINT', 'Ctrl-C', 130],
  ['SIGTERM', 'SIGTERM', 143],
] as const;

/** Resolves once `path` exists (looked for every few ms: the condition, not a guess at how long it takes). */
function whenFile(path: string, child: ResultPromise): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = setInterval(() => {
      if (existsSync(path)) (clearInterval(look), resolve());
    }, 2);
    void child.finally(() => (clearInterval(look), reject(new Error(`the command ended before ${path} existed`))));
  });
}

const upArgs = async (prefix: string, engine: string) => ['up', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', prefix, '--proxy', engine];

for (const [signal, named, code] of SIGNALS) {
  test(`${named} once the prefix is locked, while the stack starts: exit ${code}, the start stopped and said so, nothing left`, async ({ engine }, testInfo) => {
    const prefix = testInfo.outputPath('prefix');
    const r = await runHarness(await upArgs(prefix, engine), {
      started: (child) => void whenFile(join(prefix, 'harness.lock'), child).then(() => child.kill(signal), () => undefined),
    });
    expect(r.all).toContain(`${named}: stopping the start...`);
    expect(r.all).toContain(`stopped during the start (${named}); nothing of the stack is left running.`);
    expect(r.all).not.toContain('the stack is ready');
    // As a shell reports it: `harness up && …` does not carry on.
    expect(r.exitCode).toBe(code);
    expect(r.left).toEqual([]);
    expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
    expect(existsSync(join(prefix, 'state.json'))).toBe(false);
  });
}

test('Ctrl-C on up --detach while the stack starts: the start in the background is stopped too, exit 130', async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  const args = await upArgs(prefix, engine);
  const r = await runHarness([...args, '--detach'], {
    // The lock is the background stack's: it is starting. The terminal signals the command's group only.
    started: (child) => void whenFile(join(prefix, 'harness.lock'), child).then(() => child.kill('SIGINT'), () => undefined),
  });
  expect(r.all).toContain('stopped during the start (Ctrl-C); nothing of the stack is left running.');
  expect(r.all).toContain('harness up did not start in the background (exit code 130)');
  expect(r.all).not.toContain('runs in the background');
  expect(r.exitCode).toBe(130);
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
  expect(existsSync(join(prefix, 'state.json'))).toBe(false);
  // The background stack is a process group of its own: nothing listens on its ports any more.
  for (const port of [Number(args[2]), Number(args[4])]) await expect.poll(() => accepts(port)).toBe(false);
});

test('harness down while the stack starts (its proxy retries a busy port): it waits for the start to end, then stops it', async ({ engine }, testInfo) => {
  const foreign = net.createServer();
  await new Promise<void>((r) => foreign.listen({ host: '127.0.0.1', port: 0 }, r));
  const port = (foreign.address() as net.AddressInfo).port;
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `${userLine()}events {}\nhttp {\n  server { listen 127.0.0.1:${port}; location / { return 200 "ok\\n"; } }\n}\n`);
  const prefix = testInfo.outputPath('prefix');
  let down: ReturnType<typeof harness> | undefined;
  let downOutput = '';
  let stateBeforeDown: boolean | undefined;
  const up = await runHarness(['up', '--nginx-conf', conf, '--admin-port', String(await freePort()), '--prefix', prefix, '--proxy', engine], {
    started: (child, output) =>
      void whenOutput(child, output, 'Address already in use').then(async () => {
        // The lock is held, state.json is not written: before this fix, down said nothing runs.
        stateBeforeDown = existsSync(join(prefix, 'state.json'));
        down = harness(['down', '--prefix', prefix]);
        down.all!.on('data', (d: Buffer) => (downOutput += d.toString()));
        await whenOutput(down, () => downOutput, 'is starting').catch(() => undefined);
        // The port is free again: the proxy's next try binds it, and the stack becomes ready.
        foreign.close();
      }, () => undefined),
  });
  expect(stateBeforeDown).toBe(false);
  const d = await down!;
  expect(d.all).toContain(`the stack of ${prefix} (pid `);
  expect(d.all).toContain('is starting: it stops as soon as its start has ended...');
  expect(d.all).toMatch(/stopped the stack of .* \(pid \d+\); nothing of it is left running\./);
  expect(d.exitCode).toBe(0);
  expect(up.all).toContain('the stack is ready');
  expect(up.all).toContain('stopping (harness down)');
  expect(up.exitCode).toBe(0);
  expect(up.left).toEqual([]);
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
  expect(existsSync(join(prefix, 'state.json'))).toBe(false);
});

test("a prefix held by the package API's stack (it writes no state.json): down says none runs at once, even where no command line tells", async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  const stack = await up({ prefix, proxy: engine, os: 'linux' });
  try {
    const t0 = performance.now();
    // The portable fallback cannot tell this process from a harness up: the lock itself says it is none.
    const r = await execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'down', '--prefix', prefix], { reject: false, all: true, env: { HARNESS_PORTABLE: '1' } });
    expect(r.all).toContain(`no stack is running from ${prefix}: nothing to stop.`);
    expect(r.exitCode).toBe(0);
    // Not after waiting for a state.json that never comes (60 s).
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect((await fetch(`http://127.0.0.1:${stack.port}/`)).status).toBe(200);
  } finally {
    await stack.stop();
  }
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
});

/** A harness command, its output interleaved in `all` as it comes. */
function harness(args: string[]) {
  return execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), ...args], { cwd: repoRoot, reject: false, all: true, buffer: true, timeout: 90_000 });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

/** A listener on loopback that records every request: a control URL that must never be called. */
async function recorder() {
  const calls: string[] = [];
  const server = http.createServer((req, res) => (calls.push(`${req.method} ${req.url}`), res.end('{}')));
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

const TOKEN = 'ab'.repeat(24);
const stateFor = (prefix: string, pid: number, control: string) =>
  JSON.stringify({ pid, startTime: processStartTime(pid), url: 'http://localhost:1/', control: { url: control, token: TOKEN }, engine: 'embedded', os: 'linux', prefix, proxyPort: 1, adminPort: 2, startedAt: '2026-01-01T00:00:00.000Z' });

test('a state.json or lock copied from another process (its pid and start time): down, ps, chaos and up refuse it, naming what it runs; nothing is called, no "kill"', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'no stack runs: once is enough');
  testInfo.skip(portable, 'the command line of a process is read from /proc (Linux)');
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  const other = execa('sleep', ['600']);
  const control = await recorder();
  try {
    writeFileSync(join(prefix, 'state.json'), stateFor(prefix, other.pid!, control.url));
    for (const args of [['down'], ['ps'], ['chaos', 'inject', 'admin.stop']]) {
      const r = await harness([...args, '--prefix', prefix]);
      expect(r.all).toContain(`${join(prefix, 'state.json')} names pid ${other.pid}, but that process is not a harness up (it runs: sleep 600).`);
      expect(r.exitCode).toBe(1);
      expect(r.all).not.toMatch(/kill \d+|TypeError:|^\s+at /m);
    }
    writeFileSync(join(prefix, 'harness.lock'), JSON.stringify({ pid: other.pid, startTime: processStartTime(other.pid!), startedAt: '2026-01-01T00:00:00.000Z' }));
    const up = await runHarness(['up', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', prefix]);
    expect(up.all).toContain(`says that pid ${other.pid} holds ${prefix}, and that process is not a harness up (it runs: sleep 600).`);
    expect(up.exitCode).toBe(1);
    expect(up.all).not.toMatch(/kill \d+|already running/);
    expect(up.left).toEqual([]);
    // A lock naming another program is not a stack that starts: down does not wait for it.
    rmSync(join(prefix, 'state.json'));
    const down = await harness(['down', '--prefix', prefix]);
    expect(down.all).toContain(`no stack is running from ${prefix}: nothing to stop.`);
    expect(down.exitCode).toBe(0);
    writeFileSync(join(prefix, 'state.json'), '');
    const unreadable = await harness(['down', '--prefix', prefix]);
    expect(unreadable.all).toContain('cannot be read as the state file of a harness up');
    expect(unreadable.exitCode).toBe(1);
    expect(control.calls).toEqual([]);
    expect(other.exitCode).toBeNull();
  } finally {
    other.kill();
    await other.catch(() => undefined);
    await control.close();
  }
});

test('a state.json whose control URL is not on loopback, or whose shape is wrong, is refused before any call', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'no stack runs: once is enough');
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  // A live pid (this test's): only the file's own content is wrong.
  for (const [control, field] of [
    ['http://192.0.2.1:80', 'control.url'],
    ['http://127.0.0.1.example.com:80', 'control.url'],
  ]) {
    writeFileSync(join(prefix, 'state.json'), stateFor(prefix, process.pid, control));
    for (const args of [['down'], ['ps']]) {
      const r = await harness([...args, '--prefix', prefix]);
      expect(r.all).toContain(`is not a state file that harness up wrote (${field} is missing or wrong; the control channel is always on 127.0.0.1)`);
      expect(r.exitCode).toBe(1);
      expect(r.all).not.toMatch(/TypeError:|^\s+at /m);
    }
  }
  writeFileSync(join(prefix, 'state.json'), JSON.stringify({ pid: process.pid, control: 'x' }));
  const ps = await harness(['ps', '--prefix', prefix]);
  expect(ps.all).toContain('(control.url is missing or wrong');
  expect(ps.exitCode).toBe(1);
});

test('harness ps and chaos status on a stack whose /status has no faults (another version) say so, not a TypeError', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'no stack runs: once is enough');
  testInfo.skip(portable, 'the command line of a process is read from /proc (Linux)');
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  // A stand-in for a harness up of another version: its command line is `node …/harness.js up`.
  const fake = testInfo.outputPath('other-version', 'harness.js');
  mkdirSync(join(fake, '..'), { recursive: true });
  writeFileSync(fake, `process.getBuiltinModule('node:http').createServer((q, s) => s.end(JSON.stringify({ engine: 'embedded', os: 'linux', admin: 'dual' }))).listen(0, '127.0.0.1', function () { console.log(this.address().port); });\n`);
  const other = execa(process.execPath, [fake, 'up'], { buffer: false });
  try {
    const port = await new Promise<number>((resolve) => other.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    writeFileSync(join(prefix, 'state.json'), stateFor(prefix, other.pid!, `http://127.0.0.1:${port}`));
    for (const args of [['ps'], ['chaos', 'status']]) {
      const r = await harness([...args, '--prefix', prefix]);
      expect(r.all).toContain(`the stack of ${prefix} answered /status without its faults: is it a harness up of another version?`);
      expect(r.exitCode).toBe(1);
      expect(r.all).not.toMatch(/TypeError:|^\s+at /m);
    }
  } finally {
    other.kill();
    await other.catch(() => undefined);
  }
});
