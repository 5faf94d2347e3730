// The master reaps its workers, respawns them,
// and logs as nginx does; faults on demand through the engine.
import { readFileSync, readdirSync } from 'node:fs';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { parseErrorLine } from '../../harness/logs/error-log.js';
import { SPARE_TITLE, WORKER_TITLE } from '../../harness/embedded/protocol.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

/** Children of `pid` with their title (/proc/<pid>/cmdline). */
function children(pid: number): { pid: number; title: string }[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(ppid) !== pid || state === 'Z') return [];
        return [{ pid: Number(d), title: readFileSync(`/proc/${d}/cmdline`, 'latin1').replace(/\0+$/, '') }];
      } catch {
        return [];
      }
    });
}

/** The embedded engine's booted spare (its master runs in this process), once there is one. */
async function bootedSpare(p: ProxyUnderTest): Promise<number | undefined> {
  if (p.engineName !== 'embedded') return undefined;
  let spare: number | undefined;
  await expect.poll(() => (spare = children(p.engine.pid).find((c) => c.title === SPARE_TITLE)?.pid)).toBeDefined();
  return spare;
}

/** The error log's lines from `from` on, as `who level message`: W the worker, M the master, N any other pid. */
function linesOf(p: ProxyUnderTest, from: number, worker: number): string[] {
  const name = (pid: number) => (pid === worker ? 'W' : pid === p.engine.pid ? 'M' : 'N');
  return p
    .errorLog()
    .slice(from)
    .map((l) => parseErrorLine(l)!)
    .map((e) => `${name(e.pid!)} ${e.level} ${e.message.replace(/(?<=(?:process|from) )\d+/g, (d) => name(Number(d)))}`);
}

test('Linux: a worker killed by SIGSEGV is logged at [alert] by the master and replaced at once', async ({ startProxy }) => {
  const p = await startProxy();
  await bootedSpare(p);
  const [old] = await p.engine.workers();
  expect((await p.send(get('/x', p.port))).status).toBe(200);
  const t0 = Date.now();
  expect(await p.engine.crashWorker()).toBe(old);
  // Connections wait in the master's listen queue while the worker is replaced.
  const r = await p.send(get('/x', p.port));
  const ms = Date.now() - t0;
  expect(r.status).toBe(200);
  expect(r.body).toBe('hello\n');
  expect(ms).toBeLessThan(500);
  expect(await p.engine.workers()).not.toContain(old);
  const line = parseErrorLine(p.errorLog().find((l) => l.includes(`worker process ${old} exited`))!)!;
  expect(p.normalise(p.errorLog().find((l) => l.includes(`worker process ${old} exited`))!)).toBe(`TIME [alert] PID: worker process ${old} exited on signal 11`);
  expect(line).toMatchObject({ level: 'alert', pid: p.engine.pid, tid: p.engine.pid });
  expect(line.conn).toBeUndefined();
});

test('Linux: a worker ended by SIGTERM or SIGQUIT exits with code 0: notice lines only, and it is respawned', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'notice' });
  for (const [signal, lines] of [
    ['SIGTERM', ['W notice signal 15 (SIGTERM) received, exiting', 'W notice exiting']],
    ['SIGQUIT', ['W notice signal 3 (SIGQUIT) received, shutting down', 'W notice gracefully shutting down', 'W notice exiting']],
  ] as const) {
    await bootedSpare(p);
    const [worker] = await p.engine.workers();
    const from = p.errorLog().length;
    process.kill(worker, signal);
    await expect.poll(() => p.engine.workers()).not.toContain(worker);
    // nginx says who sent the signal; Node cannot tell, and writes nginx's line for an unknown sender.
    await expect
      .poll(() => linesOf(p, from, worker).map((l) => l.replace(/ received from N,/, ' received,')))
      .toEqual([...lines, 'W notice exit', 'M notice signal 17 (SIGCHLD) received from W', 'M notice worker process W exited with code 0', 'M notice start worker process N']);
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  }
});

test('Linux: a worker that exits with a code is logged at [notice] only, and still respawned', async ({ startProxy, engine }) => {
  test.skip(engine === 'nginx', 'a chosen exit code needs the embedded engine; nginx workers are crashed by a signal');
  const p = await startProxy({ errorLogLevel: 'notice' });
  const [old] = await p.engine.workers();
  await p.engine.crashWorker({ code: '3' });
  const [replacement] = await p.engine.workers();
  await expect.poll(() => p.errorLog().map((l) => p.normalise(l))).toEqual(
    expect.arrayContaining([`TIME [notice] PID: worker process ${old} exited with code 3`, `TIME [notice] PID: start worker process ${replacement}`]),
  );
  expect(p.errorLog().some((l) => l.includes('[alert]'))).toBe(false);
});

test('Linux: exit code 2 is nginx\'s fatal code: the worker is not respawned', async ({ startProxy, engine }) => {
  test.skip(engine === 'nginx', 'a chosen exit code needs the embedded engine');
  const p = await startProxy();
  const [old] = await p.engine.workers();
  await p.engine.crashWorker({ code: '2' });
  expect(p.errorLog().map((l) => p.normalise(l))).toEqual([`TIME [alert] PID: worker process ${old} exited with fatal code 2 and cannot be respawned`]);
  expect(await p.engine.workers()).toEqual([]);
});

test('Linux: when the respawn fails, fork() failed + could not respawn, and clients connect and hang', async ({ startProxy }) => {
  const p = await startProxy();
  const [old] = await p.engine.workers();
  expect((await p.send(get('/x', p.port))).status).toBe(200);
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
  expect(before).toContain(crashed);
  await expect.poll(async () => {
    const now = await p.engine.workers();
    return now.length === 2 && !now.includes(crashed);
  }).toBe(true);
  for (let i = 0; i < 4; i++) expect((await p.send(get('/x', p.port))).status).toBe(200);
});

test.describe('the embedded master', () => {
  test.skip(({ engine }) => engine === 'nginx', 'the embedded engine\'s master and its spare');

  test('two crashes at once end two different workers; a third, with both crashing, is refused', async ({ startProxy }) => {
    const p = await startProxy({ workers: 2 });
    const before = await p.engine.workers();
    const [a, b, c] = await Promise.allSettled([p.engine.crashWorker(), p.engine.crashWorker(), p.engine.crashWorker()]);
    expect([a, b].map((r) => (r.status === 'fulfilled' ? r.value : r.reason)).sort()).toEqual([...before].sort());
    expect(c.status === 'rejected' && (c.reason as Error).message).toBe(`every worker (${before.join(', ')}) is crashing already: wait until they are replaced`);
    expect(await p.engine.workers()).toHaveLength(2);
  });

  test('ps shows the workers as nginx\'s, and the spare as the harness\'s; a spare\'s death is logged at notice', async ({ startProxy }) => {
    const p = await startProxy({ workers: 2, errorLogLevel: 'notice' });
    const spare = (await bootedSpare(p))!;
    const workers = await p.engine.workers();
    const titles = children(p.engine.pid).filter((c) => [...workers, spare].includes(c.pid));
    expect(titles.map((c) => c.title).sort()).toEqual([SPARE_TITLE, WORKER_TITLE, WORKER_TITLE]);
    const from = p.errorLog().length;
    process.kill(spare, 'SIGSEGV');
    await expect
      .poll(() => p.errorLog().slice(from).map((l) => p.normalise(l)))
      .toEqual([`TIME [notice] PID: spare worker process ${spare} exited on signal 11 (the harness's pre-booted spare, not serving: no request was lost; a new spare is starting)`]);
    // Another spare boots; the workers are the same and serve.
    await expect.poll(async () => (await bootedSpare(p)) !== spare).toBe(true);
    expect(await p.engine.workers()).toEqual(workers);
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  });
});

test.describe('Windows profile', () => {
  test.skip(({ engine }) => engine === 'nginx', 'Linux nginx cannot show the Windows profile');

  test('a crashed worker (SIGSEGV by default) is logged at notice as C0000005, and respawned', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', errorLogLevel: 'notice' });
    const [old] = await p.engine.workers();
    await p.engine.crashWorker();
    const [replacement] = await p.engine.workers();
    expect(p.errorLog().map((l) => p.normalise(l.replace(/\r$/, '')))).toEqual(
      expect.arrayContaining([`TIME [notice] PID: worker process ${old} exited with code C0000005`, `TIME [notice] PID: start worker process ${replacement}`]),
    );
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  });

  test('a signal from outside is reported with the exit status Windows gives for it', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', errorLogLevel: 'notice' });
    const cases: [NodeJS.Signals, string][] = [
      ['SIGSEGV', 'C0000005'],
      ['SIGILL', 'C000001D'],
      ['SIGFPE', 'C0000094'],
      ['SIGBUS', 'C0000006'],
      ['SIGABRT', '3'],
      ['SIGKILL', '1'],
      ['SIGTERM', '0'],
    ];
    for (const [signal, code] of cases) {
      await bootedSpare(p);
      const [worker] = await p.engine.workers();
      const from = p.errorLog().length;
      process.kill(worker, signal);
      // Windows workers have no signals: a SIGTERM is the stop event, "exiting" then "exit", no signal line.
      const own = signal === 'SIGTERM' ? ['W notice exiting', 'W notice exit'] : [];
      // The new worker is a process that runs nginx.exe's main(): its own start-up lines follow.
      const started = ['M notice start worker process N', 'N notice nginx/1.20.2', ...Array(3).fill('N notice create thread T')];
      const lines = () => linesOf(p, from, worker).map((l) => l.replace(/create thread \d+$/, 'create thread T'));
      await expect.poll(lines, { message: signal }).toEqual([...own, `M notice worker process W exited with code ${code}`, ...started]);
    }
    expect((await p.send(get('/x', p.port))).status).toBe(200);
  });

  test('a respawn that dies at start: the two alert lines of the fixtures, then clients are refused', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    const master = p.engine.pid;
    expect((await p.send(get('/x', p.port))).status).toBe(200);
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
    // Windows nginx's master closes its listening sockets: with no worker, connections are refused.
    await expect.poll(() => p.send(get('/x', p.port), { timeoutMs: 1000 }).then(() => 'answered', (e: NodeJS.ErrnoException) => e.code)).toBe('ECONNREFUSED');
    await p.engine.restore();
    expect((await p.send(get('/x', p.port), { timeoutMs: 2000 })).status).toBe(200);
  });
});
