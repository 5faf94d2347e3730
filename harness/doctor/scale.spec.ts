// The doctor on logs of any size: its time grows linearly with the log, a file over 2 GiB is read
// (streamed), Ctrl-C stops a long run at once, and a log can come on standard input.
import { test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import path from 'node:path';
import { diagnose, diagnoseFile } from './index.js';
import { CLI, fixture, fixtureLine, tempDir } from '../../tests/support/doctor.js';
import { openFiles } from '../../tests/support/processes.js';

/**
 * `copies` copies of real lines, each copy a minute apart and from its own nginx process: lone
 * [::1] refusals (each a verdict to judge against the rest of the log), no live upstreams of a
 * process whose port is named elsewhere, 404s, and a start-up failure.
 */
function syntheticLog(copies: number): Buffer {
  const lines = [fixtureLine('20', 1), fixtureLine('13', 1), fixtureLine('14', 1), fixtureLine('05', 1), fixtureLine('01', 1)];
  const out: string[] = [];
  const base = Date.UTC(2024, 0, 1);
  for (let k = 0; k < copies; k++) {
    const d = new Date(base + k * 60_000);
    const time = d.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '/');
    for (const l of lines) out.push(l.replace(/^\S+ \S+ (\[\w+\]) (\d+)#/, (_, level, pid) => `${time} ${level} ${Number(pid) + k * 100000}#`));
  }
  return Buffer.from(out.join('\n') + '\n', 'latin1');
}

/**
 * The fastest of three runs, in this process's CPU time (µs), not the clock's: other work on the
 * machine (a CI shard beside this one) stretches the clock, not the CPU a diagnosis takes.
 */
function fastest(f: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = process.cpuUsage();
    f();
    const used = process.cpuUsage(t);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

test('the time to diagnose grows linearly with the log (8× the lines: well under 64×, the quadratic growth)', () => {
  const small = syntheticLog(1000);
  const large = syntheticLog(8000);
  const d = diagnose(large);
  expect(d.incidents.length).toBeGreaterThan(8000 * 4);
  expect(d.incidents.find((i) => i.condition === 'upstream-refused')?.detail?.verdict).toBe('listens-ipv4-only');
  const ratio = fastest(() => diagnose(large)) / fastest(() => diagnose(small));
  // Linear: ~8 (measured 7-10 here); quadratic, as before the indexes: 40 or more.
  expect(ratio).toBeLessThan(20);
});

test('a log over 2 GiB is read piece by piece, not refused (nginx logs grow forever on Windows)', async () => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  try {
    // A sparse file: 2 GiB + 1 MiB of NUL bytes (no line end: one line, cut at 64 KiB), then a real line.
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 2 ** 31 + 2 ** 20);
    closeSync(fd);
    appendFileSync(file, '\n' + fixtureLine('01', 1) + '\n');
    const d = await diagnoseFile(file);
    expect(d.unrecognised).toEqual([1]);
    expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['upstream-refused 2']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Ctrl-C (SIGINT) stops a long run at once: only --follow waits for it', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, Buffer.concat(Array.from({ length: 12 }, () => syntheticLog(4000)))); // ~40 MB: seconds of work
  const child = spawn(process.execPath, [CLI, 'doctor', file, '--json'], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    // The doctor reads the log once it has it open: by then the command has started.
    await expect.poll(() => openFiles(child.pid!).includes(file), { timeout: 10_000 }).toBe(true);
    const sent = performance.now();
    child.kill('SIGINT');
    const [code, signal] = await new Promise<[number | null, string | null]>((r) => child.once('exit', (c, s) => r([c, s])));
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(performance.now() - sent).toBeLessThan(1000);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('"-" reads the log from standard input (a pasted log)', () => {
  const r = spawnSync(process.execPath, [CLI, 'doctor', '-', '--json'], { input: fixture('03'), encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout).incidents.map((i: { condition: string }) => i.condition)).toEqual([
    'upstream-refused',
    'upstream-refused',
    'no-live-upstreams',
    'upstream-refused',
    'no-live-upstreams',
  ]);
  const text = spawnSync(process.execPath, [CLI, 'doctor', '-'], { input: fixture('03'), encoding: 'utf8' });
  expect(text.stdout.split('\n')[0]).toBe('standard input: 10 lines, 5 incidents (5 to act on): no-live-upstreams ×2, upstream-refused ×3.');
});
