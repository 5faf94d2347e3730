// A stack started again on a prefix reads only its own log lines: the [emerg] of an earlier start that
// failed (a conf since corrected) is moved aside, not shown as the new stack's incident.
import { test, expect } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preparePrefix } from '../../harness/stack/prefix.js';

const emerg = '2026/12/02 07:50:00 [emerg] 1#1: unknown directive "bogus_directive" in /tmp/bad.conf:2\n';

test('freshLogs moves the earlier error.log and access.log aside; without it (an engine on its own prefix) they stay', async ({}, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  writeFileSync(join(prefix, 'logs', 'error.log'), emerg);
  writeFileSync(join(prefix, 'logs', 'access.log'), '127.0.0.1 - - "GET / HTTP/1.1" 200\n');
  preparePrefix({ prefix, conf: { text: 'events {}\n' } });
  expect(readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')).toBe(emerg);
  preparePrefix({ prefix, conf: { text: 'events {}\n' }, freshLogs: true });
  expect(existsSync(join(prefix, 'logs', 'error.log'))).toBe(false);
  expect(existsSync(join(prefix, 'logs', 'access.log'))).toBe(false);
  expect(readFileSync(join(prefix, 'logs', 'error.log.old'), 'utf8')).toBe(emerg);
  // A first start, with no logs yet, has nothing to move.
  const fresh = testInfo.outputPath('fresh');
  preparePrefix({ prefix: fresh, conf: { text: 'events {}\n' }, freshLogs: true });
  expect(existsSync(join(fresh, 'logs', 'error.log.old'))).toBe(false);
});
