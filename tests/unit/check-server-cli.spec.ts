// `harness check-server` as a user runs it: against the stand-in on sky.sql (every answer the
// course's, exit 0, --json the same report), without --yes (what it would do, exit 2), with a
// bad HOST:PORT (exit 2), in both languages; no stack trace in any of them.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { distFile } from '../../harness/paths.js';
import { startSkySqlAdmin } from '../support/admin.js';

async function harness(...args: string[]) {
  const r = await execa(process.execPath, [distFile('harness/cli.js'), 'check-server', ...args], { reject: false, timeout: 120_000 });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

test('against the stand-in on sky.sql: every answer is the course\'s, in words and as JSON', async () => {
  // Two checks of ~140 requests each, by a CLI that starts twice: about 10 s on an idle 2-core machine.
  test.setTimeout(180_000);
  const admin = await startSkySqlAdmin({ mode: 'ipv4' });
  try {
    const words = await harness(String(admin.port), '--yes');
    expect(words.stderr).toBe('');
    expect(words.stdout).toMatch(/^your server at 127\.0\.0\.1:\d+, set against the course's \(shuhongfan\/sky-take-out@267313f\w+\): (\d+) requests/);
    expect(words.stdout).toContain('✓ login: 14 the same');
    expect(words.stdout).toMatch(/\nevery answer is the course's: (\d+) of \1\.$/);
    expect(words.code).toBe(0);
  } finally {
    await admin.stop();
  }
  const again = await startSkySqlAdmin({ mode: 'ipv4' });
  try {
    const json = await harness(`127.0.0.1:${again.port}`, '--yes', '--json');
    const report = JSON.parse(json.stdout) as { differing: number; requests: { differences: unknown[] }[] };
    expect(report.differing).toBe(0);
    expect(report.requests.length).toBeGreaterThan(100);
    expect(json.code).toBe(0);
  } finally {
    await again.stop();
  }
});

test('without --yes, or with a bad HOST:PORT: a usage error that says what to do, exit 2', async () => {
  const noYes = await harness('127.0.0.1:8081');
  expect(noYes.stderr).toMatch(/^harness: harness check-server sends \d+ requests to 127\.0\.0\.1:8081 that add, change and delete rows .* then add --yes: harness check-server 127\.0\.0\.1:8081 --yes$/);
  expect(noYes.code).toBe(2);
  const zh = await harness('8081', '--lang', 'zh-CN');
  expect(zh.stderr).toMatch(/^harness: harness check-server 会向 127\.0\.0\.1:8081 发送 \d+ 个请求/);
  expect(zh.code).toBe(2);
  const bad = await harness('localhost:99999', '--yes');
  expect(bad.stderr).toContain('HOST:PORT localhost:99999');
  expect(bad.stderr).not.toMatch(/\n\s+at /);
  expect(bad.code).toBe(2);
});
