// The prefix's lock and state.json as files (harness/stack/owner.ts, state.ts, private-file.ts): a
// process known by pid and start time, a lock held once, given up and state.json removed only by
// the process they name, and files written as new ones, never through a symlink.
import { test, expect } from '@playwright/test';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { harnessUp, lockPath, lockPrefix, PrefixTaken, processState, thisProcess } from './owner.js';
import { pidExists, processStartTime } from '../platform.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { removeState, statePath, writeState, type StackState } from './state.js';
import { replaceFile } from '../private-file.js';

const state = (prefix: string, pid: number, startTime?: string): StackState => ({
  pid,
  startTime,
  url: 'http://localhost:1/',
  control: { url: 'http://127.0.0.1:1', token: 'secret' },
  engine: 'embedded',
  os: 'linux',
  prefix,
  proxyPort: 1,
  adminPort: 2,
  startedAt: '2026-01-01T00:00:00.000Z',
});

test('a process is its pid and start time: this one runs, pid 1 with another start time is gone, a live pid without one is unknown', () => {
  test.skip(process.env.HARNESS_PORTABLE === '1', 'the portable fallback knows no start time');
  expect(processState(thisProcess())).toBe('running');
  expect(processState({ pid: 1, startTime: '1' })).toBe('gone');
  expect(processState({ pid: 1 })).toBe('unknown');
});

test('a process that has exited but is not reaped yet (a zombie, as a detached stack is until init reaps it) is gone', async () => {
  test.skip(process.platform !== 'linux', "Linux's /proc");
  // sh starts a child that exits at once, then becomes `sleep`, which never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    const id = { pid, startTime: processStartTime(pid) };
    await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0]).toBe('Z');
    expect(pidExists(pid)).toBe(true);
    expect(processState(id)).toBe('gone');
  } finally {
    parent.kill();
  }
});

test('harness up is told by its command line: the bin, npx\'s link and the build\'s cli.js, each followed by up', async () => {
  test.skip(process.platform !== 'linux', 'the command line of a process is read from /proc (Linux)');
  const asRun = async (...args: string[]) => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], { stdio: 'ignore' });
    await once(child, 'spawn');
    try {
      return harnessUp(child.pid!)?.is;
    } finally {
      child.kill();
    }
  };
  expect(await asRun('/p/node_modules/sky-harness/bin/harness.js', 'up')).toBe(true);
  expect(await asRun('/p/node_modules/.bin/harness', 'up', '-d')).toBe(true);
  expect(await asRun('dist/harness/cli.js', 'up', '--prefix', '/x')).toBe(true);
  expect(await asRun('dist/harness/cli.js', 'ps')).toBe(false);
  expect(await asRun('/p/other/cli.js', 'up')).toBe(false);
});

test('a lock is held once: a second lock of the prefix is refused naming the holder; release gives up only its own', ({}, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  const lock = lockPrefix(prefix, 'http://localhost:8000/');
  let taken: unknown;
  try {
    lockPrefix(prefix);
  } catch (e) {
    taken = e;
  }
  expect(taken).toBeInstanceOf(PrefixTaken);
  expect((taken as PrefixTaken).holder).toMatchObject({ pid: process.pid, url: 'http://localhost:8000/' });
  expect(statSync(lockPath(prefix)).mode & 0o777).toBe(0o600);
  // Taken over meanwhile (this process's lock judged stale elsewhere): not this lock's to remove.
  const other = JSON.stringify({ pid: 1, startTime: 'another', startedAt: '2026-01-01T00:00:00.000Z' });
  writeFileSync(lockPath(prefix), other);
  lock.release();
  expect(readFileSync(lockPath(prefix), 'utf8')).toBe(other);
});

test('state.json is removed only by the process it names', ({}, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(prefix, { recursive: true });
  writeState(state(prefix, 1, 'another'));
  removeState(prefix, thisProcess());
  expect(existsSync(statePath(prefix))).toBe(true);
  writeState({ ...state(prefix, 0), ...thisProcess() });
  removeState(prefix, thisProcess());
  expect(existsSync(statePath(prefix))).toBe(false);
});

test('replaceFile: a symlink at the name is replaced (its target untouched), a 0644 file becomes 0600, no temporary file is left', ({}, testInfo) => {
  const dir = testInfo.outputPath('dir');
  mkdirSync(dir, { recursive: true });
  const target = join(dir, 'target');
  writeFileSync(target, 'kept\n');
  const linked = join(dir, 'linked');
  symlinkSync(target, linked);
  replaceFile(linked, 'token\n');
  expect(lstatSync(linked).isFile()).toBe(true);
  expect(statSync(linked).mode & 0o777).toBe(0o600);
  expect(readFileSync(target, 'utf8')).toBe('kept\n');
  const open = join(dir, 'open');
  writeFileSync(open, 'x', { mode: 0o644 });
  replaceFile(open, 'token\n');
  expect(statSync(open).mode & 0o777).toBe(0o600);
  expect(readFileSync(open, 'utf8')).toBe('token\n');
  expect(readdirSync(dir).sort()).toEqual(['linked', 'open', 'target']);
});
