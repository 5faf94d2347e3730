// The life of a stack, held by one object: it starts, it stops once however often it is asked, and
// a failure at each step of its start (the lock, the stack, the control channel, state.json), or
// a stop that comes in the middle of one, leaves no lock, no state.json, no process and no fault.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { StackLife, StackStopped } from './stack-life.js';
import { PrefixTaken, lockPath } from '../stack/owner.js';
import { statePath } from '../stack/state.js';
import { canBind } from '../ports.js';
import { AdminStartError, type StackSpec } from '../stack/stack.js';
import { freePort, holdPort } from '../../tests/support/ports.js';
import { descendants } from '../../tests/support/processes.js';

async function spec(dir: string, o: Partial<StackSpec> = {}): Promise<StackSpec> {
  return { dir, proxyPort: await freePort(), adminPort: await freePort(), admin: 'dual', engine: 'embedded', workers: 1, os: 'linux', ...o };
}

/** Nothing of the life is left: no lock, no state.json, no process it started, its ports free. */
async function expectNothingLeft(s: StackSpec, before: number[]): Promise<void> {
  expect(existsSync(lockPath(s.dir))).toBe(false);
  expect(existsSync(statePath(s.dir))).toBe(false);
  // The workers are this process's children: none of them outlives the stop.
  expect(descendants(process.pid).filter((p) => !before.includes(p))).toEqual([]);
  for (const port of [s.proxyPort, s.adminPort]) expect(await canBind('127.0.0.1', port)).toEqual({ ok: true });
}

test('start, then stop twice: one teardown, the same promise, nothing left', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  const life = await StackLife.start(s);
  expect(existsSync(lockPath(s.dir))).toBe(true);
  expect((await fetch(`http://127.0.0.1:${s.proxyPort}/`)).status).toBe(200);
  const first = life.stop();
  expect(life.stop()).toBe(first);
  await first;
  await life.stop();
  await expectNothingLeft(s, before);
});

test('the lock: a prefix another holds is refused before anything is written or started', async ({}, testInfo) => {
  const s = await spec(testInfo.outputPath('prefix'));
  const holder = StackLife.hold(s.dir);
  const before = descendants(process.pid);
  await expect(StackLife.start(s)).rejects.toBeInstanceOf(PrefixTaken);
  expect(descendants(process.pid).filter((p) => !before.includes(p))).toEqual([]);
  await holder.stop();
  await expectNothingLeft(s, before);
});

test('the stack: a start that fails (the admin port taken) has released the prefix and stopped all it started', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const taken = await holdPort();
  try {
    const s = await spec(testInfo.outputPath('prefix'), { adminPort: taken.port });
    await expect(StackLife.start(s)).rejects.toBeInstanceOf(AdminStartError);
    await expectNothingLeft({ ...s, adminPort: await freePort() }, before);
  } finally {
    await taken.close();
  }
});

test('the control channel: a stop while it opens closes it, and the caller learns the start was stopped', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  const life = await StackLife.start(s);
  const serving = life.serve(() => undefined);
  const stopped = life.stop();
  await expect(serving).rejects.toBeInstanceOf(StackStopped);
  await stopped;
  await expectNothingLeft(s, before);
  // Nothing starts once the stop has begun.
  await expect(life.serve(() => undefined)).rejects.toBeInstanceOf(StackStopped);
});

test('state.json: a publish that fails (a folder in its place) is stopped through the one teardown', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  mkdirSync(join(statePath(s.dir), 'in-the-way'), { recursive: true });
  const life = await StackLife.start(s);
  await life.serve(() => undefined);
  expect(() => life.publish({ url: life.stack.url, engine: 'embedded', os: 'linux', proxyPort: s.proxyPort, adminPort: s.adminPort, startedAt: new Date().toISOString() })).toThrow();
  await life.stop();
  expect(existsSync(lockPath(s.dir))).toBe(false);
  // The folder is someone else's: left as it was, and no state file was written.
  expect(statSync(statePath(s.dir)).isDirectory()).toBe(true);
  expect(descendants(process.pid).filter((p) => !before.includes(p))).toEqual([]);
});

test('state.json, written once ready, is removed by the stop', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  const life = await StackLife.start(s);
  await life.serve(() => undefined);
  life.publish({ url: life.stack.url, engine: 'embedded', os: 'linux', proxyPort: s.proxyPort, adminPort: s.adminPort, startedAt: new Date().toISOString() });
  expect(existsSync(statePath(s.dir))).toBe(true);
  await life.stop();
  await expectNothingLeft(s, before);
});

test('a fault applied, then a failure: the stop undoes the fault before the stack stops', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  const life = await StackLife.start(s);
  const temp = join(s.dir, 'temp', 'client_body_temp');
  await life.faults.inject('proxy.temp-dir-gone');
  expect(existsSync(temp)).toBe(false);
  expect(life.faults.entries.map((e) => e.label)).toEqual(['proxy.temp-dir-gone']);
  await life.stop();
  expect(existsSync(temp)).toBe(true);
  expect(life.faults.entries).toEqual([]);
  await expectNothingLeft(s, before);
});

test('a stop during the start (Ctrl-C while the stack starts): the start ends, and all it had started is stopped', async ({}, testInfo) => {
  const before = descendants(process.pid);
  const s = await spec(testInfo.outputPath('prefix'));
  // The proxy's port is held: the proxy retries its bind (five tries, 500 ms apart), so the start
  // is still under way when the stop comes, however fast this machine starts a stack.
  const holder = net.createServer();
  await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: s.proxyPort }, r));
  const life = StackLife.hold(s.dir);
  const starting = life.start(s);
  // Midway: the admin stand-in listens, the proxy is not ready.
  await expect.poll(async () => (await canBind('127.0.0.1', s.adminPort)).ok, { timeout: 10_000 }).toBe(false);
  await life.stop();
  await expect(starting).rejects.toBeInstanceOf(StackStopped);
  await new Promise((r) => holder.close(r));
  await expectNothingLeft(s, before);
});

test('a temporary prefix (the package API\'s default) is removed once the stack has stopped', async ({}, testInfo) => {
  const s = await spec(testInfo.outputPath('temporary'));
  const life = await StackLife.start(s, { temporary: true });
  expect(existsSync(s.dir)).toBe(true);
  await life.stop();
  expect(existsSync(s.dir)).toBe(false);
});
