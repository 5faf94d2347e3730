// `import { up } from 'sky-harness'`: a stack in the caller's process, on free ports in a temporary
// folder; a fault and its undo; stop() frees the ports and removes the folder, and a second stop is
// harmless.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { up } from '../../harness/api/index.js';
import { canBind } from '../../harness/ports.js';
import { repoRoot } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';

test('up(): the stack answers, a fault applies and is undone, stop() leaves nothing', async ({ engine }) => {
  const stack = await up({ proxy: engine });
  try {
    expect(existsSync(stack.errorLog)).toBe(true);
    expect((await fetch(stack.url)).status).toBe(200);
    const login = () => fetch(`${stack.url}api/employee/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
    expect((await login()).status).toBe(200);
    const r = await stack.inject('admin.status', '503');
    expect(r).toMatchObject({ applied: 'admin.status 503', warnings: [] });
    expect((await login()).status).toBe(503);
    expect(await stack.restore()).toEqual(['admin.status 503']);
    expect((await login()).status).toBe(200);
    await expect(stack.inject('admin.nothing')).rejects.toThrow(/no fault "admin\.nothing"/);
  } finally {
    await stack.stop();
  }
  expect(existsSync(stack.prefix)).toBe(false);
  for (const port of [stack.port, stack.adminPort]) expect(await canBind('127.0.0.1', port)).toEqual({ ok: true });
  await stack.stop();
});

test('up({ prefix }): the folder is the stack\'s alone while it runs; a second up() there is refused, and it is free again after stop()', async ({ engine }, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  const first = await up({ proxy: engine, prefix });
  try {
    await expect(up({ proxy: engine, prefix })).rejects.toThrow(`a stack already runs from ${prefix} (pid ${process.pid}, ${first.url})`);
    expect((await fetch(first.url)).status).toBe(200);
  } finally {
    await first.stop();
  }
  expect(existsSync(join(prefix, 'harness.lock'))).toBe(false);
  const again = await up({ proxy: engine, prefix });
  await again.stop();
});

test('up({ adminCommand, adminUpstream }): your own server started with the stack, answering through it; stop() stops it', async ({ engine }) => {
  const upstream = await freePort();
  const lines: string[] = [];
  const command = `${process.execPath} ${join(repoRoot, 'tests', 'support', 'slow-admin-server.cjs')} --port ${upstream} --delay 300`;
  await expect(up({ proxy: engine, adminCommand: { command } })).rejects.toThrow(/--admin-command needs --admin-upstream/);
  const stack = await up({ proxy: engine, adminUpstream: { host: '127.0.0.1', port: upstream }, adminCommand: { command }, onLine: (c, l) => lines.push(`${c} | ${l}`) });
  try {
    const r = await fetch(`${stack.url}api/employee/page`);
    expect(await r.json()).toEqual({ code: 1, msg: null, data: '/admin/employee/page' });
    expect(lines).toContain(`admin | slow server: Started on port ${upstream}`);
  } finally {
    await stack.stop();
  }
  expect(await canBind('127.0.0.1', upstream)).toEqual({ ok: true });
});
