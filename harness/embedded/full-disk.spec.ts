// A full disk, simulated at the write call (every fs.writeSync fails with ENOSPC) for any user and
// any OS: the engine's writers drop what they cannot write, say so as nginx does, and never throw.
// tests/conformance/full-disk.spec.ts shows the same on a real full disk, against nginx too.
import { test, expect } from '@playwright/test';
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BodyReader, type BodyEvent } from './http/request-body.js';
import { closeLog, createLog, ErrorLog, flushLogs, writeAccess } from '../logs/writer.js';

/** Every write fails with ENOSPC while `body` runs. */
function diskFull(body: () => void): void {
  const real = fs.writeSync;
  fs.writeSync = (() => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }) as typeof fs.writeSync;
  syncBuiltinESMExports();
  try {
    body();
  } finally {
    fs.writeSync = real;
    syncBuiltinESMExports();
  }
}

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'full-disk-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('access-log lines that cannot be written are dropped; the failure is told once, for the first line', () => {
  const path = join(dir, 'access.log');
  const f = createLog(path);
  const told: unknown[] = [];
  diskFull(() => {
    writeAccess(f, 'one\n', (failure) => told.push(['one', failure]));
    writeAccess(f, 'two\n', (failure) => told.push(['two', failure]));
    flushLogs();
    writeAccess(f, 'three\n', (failure) => told.push(['three', failure]));
    flushLogs();
  });
  expect(told).toEqual([['one', { code: 'ENOSPC' }]]);
  // The disk full this second: nothing is tried until the next, nor told again within a minute.
  writeAccess(f, 'four\n', (failure) => told.push(['four', failure]));
  flushLogs();
  expect(readFileSync(path, 'latin1')).toBe('');
  expect(told).toHaveLength(1);
  closeLog(path);
});

test('an error-log line that cannot be written is dropped, and the process goes on', () => {
  const path = join(dir, 'error.log');
  const log = new ErrorLog([{ file: createLog(path), level: 'error' }], 1, 1, '\n');
  diskFull(() => log.write('error', { message: 'lost' }));
  expect(readFileSync(path, 'latin1')).toBe('');
  closeLog(path);
});

test('a request body that cannot be written to its temp file fails the body, and the file is removed', () => {
  const limits = { maxSize: 0, bufferSize: 1024, tempPath: dir, tempLevels: [] };
  const ends: BodyEvent[] = [];
  const spilled: string[] = [];
  // The head came alone: nginx writes its one buffer with pwrite().
  const alone = new BodyReader(limits, 5000, false, 0, (file) => spilled.push(file));
  diskFull(() => {
    ends.push(alone.push(Buffer.alloc(1000)));
    ends.push(alone.push(Buffer.alloc(1000)));
  });
  // 100 bytes came with the head: the preread part and the buffer go in one pwritev().
  const preread = new BodyReader(limits, 5000, false, 100, (file) => spilled.push(file));
  diskFull(() => ends.push(preread.push(Buffer.alloc(2000))));
  expect(ends.map((e) => (e.kind === 'temp-file' ? { ...e, path: e.path.slice(dir.length + 1) } : e))).toEqual([
    { kind: 'more' },
    { kind: 'temp-file', op: 'write', path: spilled[0].slice(dir.length + 1), code: 'ENOSPC' },
    { kind: 'temp-file', op: 'writev', path: spilled[1].slice(dir.length + 1), code: 'ENOSPC' },
  ]);
  expect(readdirSync(dir)).toEqual([]);
});
