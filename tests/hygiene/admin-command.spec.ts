// `harness up --admin-command … --admin-upstream PORT` as a user runs it: it says what it waits for,
// prefixes the server's lines with `admin |`, is ready once the server listens, and on SIGTERM stops
// the server it started with the rest (nothing left behind). A command that is not found, or one
// without --admin-upstream: a usage error in the user's language, exit 2, no stack trace.
import { test, expect } from '../fixtures.js';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';
import { upWhile, runHarness } from '../support/harness-up.js';

const SERVER = join(repoRoot, 'tests', 'support', 'slow-admin-server.cjs');

test('the server started, waited for, streamed as admin, and stopped with the stack', async ({ engine }, testInfo) => {
  const [port, adminPort, upstream] = [await freePort(), await freePort(), await freePort()];
  const command = `${process.execPath} ${SERVER} --port ${upstream} --delay 1500`;
  const r = await upWhile(['--port', String(port), '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine, '--admin-upstream', String(upstream), '--admin-command', command]);
  expect(r.all).toMatch(new RegExp(`harness \\| waiting for your admin server to listen on 127\\.0\\.0\\.1:${upstream} \\(.*slow-admin-server\\.cjs --port ${upstream} --delay 1500, pid \\d+\\): up to 300 s`));
  expect(r.all).toContain(`admin   | slow server: Started on port ${upstream}`);
  expect(r.all).toContain('admin   | slow server: a line on stderr');
  // Ready only once the server listens: its "Started" line comes before the ready block.
  expect(r.all.indexOf('slow server: Started')).toBeLessThan(r.all.indexOf('the stack is ready'));
  expect(r.all).not.toContain('ended with');
  expect(r.left).toEqual([]);
  expect(r.signal ?? r.exitCode).toBe(143);
  // What it printed stays in logs/admin.log, read back by `harness logs admin`.
  const logs = await runHarness(['logs', 'admin', '--prefix', testInfo.outputPath('prefix')]);
  expect(logs.exitCode, logs.all).toBe(0);
  expect(logs.all).toContain(`slow server: Started on port ${upstream}`);
});

test('a command that is not found, or no --admin-upstream: exit 2, one clear line in the user\'s language', async ({ engine }, testInfo) => {
  const [port, adminPort, upstream] = [await freePort(), await freePort(), await freePort()];
  const base = ['up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine];
  const missing = await runHarness([...base, '--admin-upstream', String(upstream), '--admin-command', 'no-such-java -jar target/sky-server.jar']);
  expect(missing.all).toContain(`harness: cannot run --admin-command "no-such-java -jar target/sky-server.jar": there is no program no-such-java (or it is not executable) in ${repoRoot} or on PATH.`);
  expect(missing.all).not.toMatch(/\n\s+at /);
  expect(missing.exitCode).toBe(2);
  expect(missing.left).toEqual([]);
  const zh = await runHarness([...base, '--lang', 'zh-CN', '--admin-upstream', String(upstream), '--admin-command', 'no-such-java -jar x.jar']);
  expect(zh.all).toContain('harness: 无法运行 --admin-command "no-such-java -jar x.jar"：在');
  expect(zh.exitCode).toBe(2);
  const alone = await runHarness([...base, '--admin-command', 'java -jar x.jar']);
  expect(alone.all).toContain('harness: --admin-command needs --admin-upstream: where the server it starts listens');
  expect(alone.exitCode).toBe(2);
});
