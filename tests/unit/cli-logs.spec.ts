// `harness logs` of a prefix with several logs tags each line with its log's name, except harness.log,
// whose lines carry their component's tag already (harness |, admin |): no `harness | harness |`.
import { test, expect } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logs } from '../../harness/commands/logs.js';

test('harness logs: the error log tagged with its name, harness.log\'s lines as they are', async ({}, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  writeFileSync(join(prefix, 'logs', 'error.log'), '2026/12/02 07:41:32 [notice] 1#1: start worker processes\n');
  writeFileSync(join(prefix, 'logs', 'harness.log'), 'harness | 环境已就绪：\nadmin   | GET /admin/employee/page 200 3 ms (via ::1)\n');
  const out: string[] = [];
  expect(await logs({ prefix, names: [] }, (s) => out.push(s))).toBe(0);
  expect(out).toEqual(['error   | 2026/12/02 07:41:32 [notice] 1#1: start worker processes', 'harness | 环境已就绪：', 'admin   | GET /admin/employee/page 200 3 ms (via ::1)']);
});
