// Issue 4 items 1-2 (nginx-behaviour.md section 5): the master reaps its workers, respawns them,
// and logs as nginx does; faults on demand through the engine's control channel.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { parseErrorLine } from '../../harness/logs/error-log.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

async function newWorker(p: ProxyUnderTest, old: number): Promise<number> {
  let pids: number[] = [];
  await expect.poll(async () => (pids = await p.engine.workers()).some((w) => w !== old), { timeout: 5000 }).toBe(true);
  return pids.find((w) => w !== old)!;
}

test('Linux: a worker killed by SIGSEGV is logged at [alert] by the master and replaced at once', async ({ startProxy }) => {
  const p = await startProxy();
  const master = p.engine.pid;
  const [old] = await p.engine.workers();
  expect(await p.engine.crashWorker()).toBe(old);
  const replacement = await newWorker(p, old);
  expect(replacement).not.toBe(old);
  await expect.poll(() => p.errorLog().map((l) => p.normalise(l))).toContain(`TIME [alert] PID: worker process ${old} exited on signal 11`);
  const line = parseErrorLine(p.errorLog().find((l) => l.includes(`worker process ${old} exited`))!)!;
  expect(line).toMatchObject({ level: 'alert', pid: master, tid: master });
  expect(line.conn).toBeUndefined();
  // Service continues on the new worker.
  const r = await p.send(get('/x', p.port));
  expect(r.status).toBe(200);
  expect(r.body).toBe('hello\n');
});

test('Linux: a worker that exits with a code is logged at [notice] only, and still respawned', async ({ startProxy, engine }) => {
  test.skip(engine === 'nginx', 'a chosen exit code needs the embedded engine; nginx workers are crashed by a signal');
  const p = await startProxy({ errorLogLevel: 'notice' });
  const [old] = await p.engine.workers();
  await p.engine.crashWorker({ code: '3' });
  const replacement = await newWorker(p, old);
  await expect.poll(() => p.errorLog().map((l) => p.normalise(l))).toEqual(
    expect.arrayContaining([`TIME [notice] PID: worker process ${old} exited with code 3`, `TIME [notice] PID: start worker process ${replacement}`]),
  );
});

test('Linux: when the respawn fails, fork() failed + could not respawn, and clients connect and hang', async ({ startProxy }) => {
  const p = await startProxy();
  const [old] = await p.engine.workers();
  await p.engine.failRespawns(true);
  await p.engine.crashWorker();
  await expect.poll(() => p.errorLog().map((l) => p.normalise(l)), { timeout: 5000 }).toEqual([
    `TIME [alert] PID: worker process ${old} exited on signal 11`,
    'TIME [alert] PID: fork() failed while spawning "worker process" (11: Resource temporarily unavailable)',
    'TIME [alert] PID: could not respawn worker process',
  ]);
  expect(await p.engine.workers()).toEqual([]);
  // The master keeps the listening socket: the connection is accepted, and nothing ever answers.
  const hung = await p.send(get('/x', p.port), { timeoutMs: 1000 });
  expect(hung.raw).toBe('');
  expect(hung.closed).toBe(false);
  // Undo: workers come back and serve.
  await p.engine.restore();
  await expect.poll(async () => (await p.engine.workers()).length, { timeout: 5000 }).toBe(1);
  await expect.poll(async () => (await p.send(get('/x', p.port), { timeoutMs: 2000 })).status, { timeout: 5000 }).toBe(200);
});

test('two workers: one crashes, the other keeps serving, and the master replaces it', async ({ startProxy }) => {
  const p = await startProxy({ workers: 2 });
  await expect.poll(async () => (await p.engine.workers()).length).toBe(2);
  const before = await p.engine.workers();
  const crashed = await p.engine.crashWorker();
  await expect.poll(async () => {
    const now = await p.engine.workers();
    return now.length === 2 && !now.includes(crashed);
  }).toBe(true);
  expect(before).toContain(crashed);
  for (let i = 0; i < 4; i++) expect((await p.send(get('/x', p.port))).status).toBe(200);
});

test.describe('Windows profile', () => {
  test.skip(({ engine }) => engine === 'nginx', 'Linux nginx cannot show the Windows profile');

  test('a crashed worker is logged at notice with its NTSTATUS, and respawned', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', errorLogLevel: 'notice' });
    const [old] = await p.engine.workers();
    await p.engine.crashWorker({ code: 'C0000005' });
    const replacement = await newWorker(p, old);
    await expect.poll(() => p.errorLog().map((l) => p.normalise(l.replace(/\r$/, '')))).toEqual(
      expect.arrayContaining([`TIME [notice] PID: worker process ${old} exited with code C0000005`, `TIME [notice] PID: start worker process ${replacement}`]),
    );
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  });

  test('a respawn that dies at start: the two alert lines of the fixtures, then clients are refused', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    const master = p.engine.pid;
    await p.engine.failRespawns(true);
    await p.engine.crashWorker();
    await expect.poll(() => p.errorLog().length, { timeout: 5000 }).toBe(2);
    const lines = p.errorLog();
    for (const l of lines) expect(l.endsWith('\r')).toBe(true);
    const [a, b] = lines.map((l) => parseErrorLine(l)!);
    expect(a).toMatchObject({ level: 'alert', pid: master });
    expect(a.tid).not.toBe(master);
    expect(a.message).toMatch(/^worker process \d+ exited with code C0000142$/);
    expect(b).toMatchObject({ level: 'alert', pid: master, tid: a.tid, message: 'could not respawn worker' });
    // Lines of the same shape as a real user's (fixture 11).
    const real = ['2024/07/24 19:11:08 [alert] 17480#32208: worker process 23704 exited with code C0000142', '2024/07/24 19:11:08 [alert] 17480#32208: could not respawn worker'].map((l) => parseErrorLine(l)!);
    expect([a, b].map((e) => Object.keys(e).sort())).toEqual(real.map((e) => Object.keys(e).sort()));
    expect(a.message.replace(/\d+/, 'N')).toBe(real[0].message.replace(/\d+/, 'N'));
    // Windows nginx's master closes its listening sockets: with no worker, connections are refused.
    await expect.poll(() => p.send(get('/x', p.port), { timeoutMs: 1000 }).then(() => 'answered', (e: NodeJS.ErrnoException) => e.code)).toBe('ECONNREFUSED');
    await p.engine.restore();
    await expect.poll(async () => (await p.send(get('/x', p.port), { timeoutMs: 2000 }).catch(() => ({ status: 0 }))).status, { timeout: 5000 }).toBe(200);
  });
});
