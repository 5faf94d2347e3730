// --admin-command's process: a server of the tests' own (tests/support/slow-admin-server.cjs) that
// starts slowly, prints lines, exits by itself, or ignores SIGTERM; a command that is not found; a
// port taken before it starts. Each message in English and Chinese.
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCommand, type AdminCommandSpec } from './admin-command.js';
import { UsageError, UserError } from '../errors.js';
import { setLang } from '../i18n/index.js';
import { repoRoot } from '../paths.js';
import { freePort } from '../../tests/support/ports.js';
import { alive } from '../../tests/support/processes.js';

const SERVER = join(repoRoot, 'tests', 'support', 'slow-admin-server.cjs');

let logs: string;
test.beforeEach(() => {
  logs = mkdtempSync(join(tmpdir(), 'admin-command-'));
});
test.afterEach(() => {
  setLang('en');
  rmSync(logs, { recursive: true, force: true });
});

async function start(port: number, extra: string, o: Partial<AdminCommandSpec> = {}) {
  const lines: string[] = [];
  const notes: string[] = [];
  const command = await AdminCommand.start({
    command: `${process.execPath} ${SERVER} --port ${port} ${extra}`,
    cwd: repoRoot,
    upstream: { host: '127.0.0.1', port },
    logs,
    onLine: (l) => lines.push(l),
    onNote: (n) => notes.push(n),
    ...o,
  });
  return { command, lines, notes };
}

test('a slow start: said what it waits for, its lines streamed and in logs/admin.log, then stopped by SIGTERM', async () => {
  const port = await freePort();
  const { command, lines, notes } = await start(port, '--delay 1500');
  try {
    const t0 = Date.now();
    await command.ready();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    expect(notes[0]).toBe(`waiting for your admin server to listen on 127.0.0.1:${port} (${command.spec.command}, pid ${command.pid}): up to 300 s, as a Spring Boot start can take`);
    expect(notes[1]).toMatch(new RegExp(`^your admin server listens on 127\\.0\\.0\\.1:${port} \\(after \\d+\\.\\d s\\)$`));
    await expect.poll(() => lines).toContain(`slow server: Started on port ${port}`);
    expect(lines).toContain('slow server: a line on stderr');
    expect(readFileSync(join(logs, 'admin.log'), 'utf8')).toContain(`slow server: starting (pid ${command.pid}), listening in 1500 ms\n`);
  } finally {
    await command.stop();
  }
  expect(command.exit?.signal).toBe('SIGTERM');
  expect(alive(command.pid)).toBe(false);
});

test('it exits by itself before it listens: the start fails with its exit code and last lines', async () => {
  const port = await freePort();
  const { command } = await start(port, '--delay 60000 --exit-after 300');
  const ready = command.ready();
  await expect(ready).rejects.toThrow(UserError);
  await expect(ready).rejects.toThrow(new RegExp(`ended with exit code 3 before it listened on 127\\.0\\.0\\.1:${port}\\. Its last lines:\\n(.|\\n)*    slow server: exiting by itself`));
});

test('it exits by itself once ready: the exit is noticed, and the harness did not stop it', async () => {
  const port = await freePort();
  const { command } = await start(port, '--exit-after 800');
  await command.ready();
  const exit = await command.exited;
  expect(exit.code).toBe(3);
  expect(command.stopping).toBe(false);
  expect(command.how()).toBe('exit code 3');
  setLang('zh-CN');
  expect(command.how()).toBe('退出码 3');
});

test('it ignores SIGTERM: killed after the grace period, and said so', async () => {
  const port = await freePort();
  const { command, notes, lines } = await start(port, '--ignore-term', { graceMs: 700 });
  await command.ready();
  await command.stop();
  expect(lines).toContain('slow server: SIGTERM ignored');
  expect(notes.at(-1)).toBe(`your admin server (pid ${command.pid}) did not stop within 0.7 s of SIGTERM: killed (SIGKILL)`);
  expect(command.exit?.signal).toBe('SIGKILL');
  expect(alive(command.pid)).toBe(false);
});

test('it does not listen within the deadline: a clear error naming the port and --admin-wait', async () => {
  const port = await freePort();
  const { command } = await start(port, '--delay 60000', { waitMs: 800 });
  try {
    await expect(command.ready()).rejects.toThrow(`did not listen on 127.0.0.1:${port} within 1 s: it was stopped. Does it listen on that port (server.port)? Give it longer with --admin-wait SECONDS.`);
  } finally {
    await command.stop();
  }
});

test('a command that is not found: a usage error (exit 2) in either language, and nothing started', async () => {
  const port = await freePort();
  const spec = { command: 'no-such-java -jar target/sky-server.jar', cwd: repoRoot, upstream: { host: '127.0.0.1', port }, logs, onLine: () => undefined, onNote: () => undefined };
  const en = AdminCommand.start(spec);
  await expect(en).rejects.toThrow(UsageError);
  await expect(en).rejects.toThrow(`cannot run --admin-command "no-such-java -jar target/sky-server.jar": there is no program no-such-java (or it is not executable) in ${repoRoot} or on PATH.`);
  setLang('zh-CN');
  await expect(AdminCommand.start(spec)).rejects.toThrow(`无法运行 --admin-command "no-such-java -jar target/sky-server.jar"：在 ${repoRoot} 和 PATH 里都没有程序 no-such-java`);
});

test('its port is taken before it starts: refused, and the command is not run', async () => {
  const port = await freePort();
  const holder = net.createServer().listen(port, '127.0.0.1');
  await new Promise((r) => holder.once('listening', r));
  try {
    const lines: string[] = [];
    await expect(start(port, '', { onLine: (l) => lines.push(l) })).rejects.toThrow(/^cannot start your admin server \(.*\): port \d+ on 127\.0\.0\.1 is in use/);
    expect(lines).toEqual([]);
  } finally {
    holder.close();
  }
});
