// `harness chaos run | inject | restore` as a developer types them: `run` wraps the same runner that
// scenarios.spec.ts drives, so here it is the command's own part that is checked: its progress and
// verdict lines, its exit codes, the browser it launches itself, the files it writes, `--doctor`;
// and `inject`/`restore` against a running `harness up`, with their answers to bad input.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { request } from 'undici';
import { test, expect } from './fixtures.js';
import { distFile } from '../harness/paths.js';
import { harnessUp, type Up } from './support/harness-up.js';
import { parseErrorLine } from '../harness/logs/error-log.js';
import { get, header, post, send, type RawResponse } from './support/raw-http.js';
import { garbageBytes } from '../harness/faults/admin-garbage.js';
import { seededRandom } from '../stand-in/admin-server/random.js';
import { freePort } from './support/ports.js';

const cli = (args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'chaos', ...args], { reject: false, all: true });
const chaosRun = (args: string[]) => cli(['run', ...args]);

for (const [name, condition] of [
  ['login-and-page', undefined],
  ['worker-crash', 'worker-crashed'],
] as const) {
  test(`harness chaos run ${name}: a verdict per observation, exit 0, the timeline files${condition ? ', and the doctor names ' + condition : ''}`, { tag: `@${name}` }, async ({ engine }, testInfo) => {
    test.setTimeout(60_000);
    const out = testInfo.outputPath('run');
    const r = await chaosRun([name, '--proxy', engine, '--out', out, ...(condition ? ['--doctor'] : [])]);
    expect(r.exitCode, r.all).toBe(0);
    expect(r.all).toMatch(/PASSED: (\d+) of \1 observations hold \(\d+\.\d s\)\./);
    expect(r.all).not.toMatch(/FAIL/);
    expect(r.all).toContain(`The proxy's logs: ${join(out, 'stack-0', 'logs')}`);
    const timeline = JSON.parse(readFileSync(join(out, 'timeline.json'), 'utf8')) as { events: { lane: string; request?: string }[]; verdicts: unknown[] };
    expect(timeline.events.length).toBeGreaterThan(0);
    // Every log line of a proxied request is linked to the request that caused it.
    expect(timeline.events.filter((e) => e.lane === 'proxy' && e.request).length).toBeGreaterThan(0);
    expect(timeline.verdicts.length).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'timeline.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(existsSync(join(out, 'failure.png'))).toBe(false);
    if (condition) expect(r.all).toMatch(new RegExp(`harness doctor on .*error\\.log:[\\s\\S]*error\\.log: .*: ${condition} ×1\\.`));
  });
}

test('harness chaos run missing-temp-dir: the emerg line is shown, the logs named are the ones written, --doctor reads them', { tag: '@missing-temp-dir' }, async ({ engine }, testInfo) => {
  const out = testInfo.outputPath('run');
  const r = await chaosRun(['missing-temp-dir', '--proxy', engine, '--out', out, '--doctor']);
  expect(r.exitCode, r.all).toBe(0);
  expect(r.all).toMatch(/harness up \| .*nginx: \[emerg\] mkdir\(\) ".*\/temp\/client_body_temp" failed \(2: No such file or directory\)/);
  const logs = join(out, 'prefix', 'logs');
  expect(r.all).toContain(`The proxy's logs: ${logs}`);
  expect(readFileSync(join(logs, 'error.log'), 'utf8')).toContain('[emerg]');
  expect(r.all).toMatch(/harness doctor on .*error\.log:[\s\S]*temp-dir-missing ×1\./);
  const timeline = JSON.parse(readFileSync(join(out, 'timeline.json'), 'utf8')) as { events: { kind: string; label: string }[] };
  expect(timeline.events.filter((e) => e.kind === 'error-log').map((e) => parseErrorLine(e.label)?.level)).toEqual(['emerg']);
});

test('harness chaos run FILE: a failing observation gives exit 1, the count of what held, failed and never ran, a short diff, and a screenshot', async ({ engine }, testInfo) => {
  test.setTimeout(60_000);
  const out = testInfo.outputPath('run');
  const r = await chaosRun([distFile('tests/support/failing-scenario.js'), '--proxy', engine, '--out', out]);
  expect(r.exitCode, r.all).toBe(1);
  expect(r.all).toContain('✓ the list shows page 1');
  expect(r.all).toContain('✗ the list is empty');
  expect(r.all).toMatch(/FAILED: 1 held, 1 failed, 2 not run \(\d+\.\d s\)\./);
  expect(r.all).not.toContain('never reached');
  // The diff of ten rows is cut to a few lines in the terminal; timeline.json keeps all of it.
  const shown = r.all!.slice(r.all!.indexOf('✗ the list is empty'), r.all!.indexOf('FAILED:')).trim().split('\n');
  expect(shown.length).toBeLessThanOrEqual(16);
  expect(shown.at(-1)).toMatch(/… \d+ more lines: the verdict's whole text is in timeline\.json/);
  const { verdicts } = JSON.parse(readFileSync(join(out, 'timeline.json'), 'utf8')) as { verdicts: { ok?: boolean; error?: string }[] };
  const failure = verdicts.find((v) => v.ok === false)!;
  expect(failure.error!.split('\n').length).toBeGreaterThan(40);
  expect(failure.error).toContain('张三');
  // The page as it was: a PNG next to the timeline.
  expect(r.all).toContain(`the browser when it failed: ${join(out, 'failure.png')}`);
  expect(readFileSync(join(out, 'failure.png')).subarray(1, 4).toString()).toBe('PNG');
});

test('harness chaos run: an unknown scenario is a usage error (exit 2) that lists the scenarios', async ({ engine }, testInfo) => {
  const r = await chaosRun(['no-such-scenario', '--proxy', engine, '--out', testInfo.outputPath('run')]);
  expect(r.exitCode).toBe(2);
  expect(r.all).toContain('no scenario "no-such-scenario"');
  expect(r.all).toContain('admin-down');
  expect(existsSync(testInfo.outputPath('run'))).toBe(false);
});

test.describe('harness chaos inject and restore', () => {
  const inject = (up: Up, ...args: string[]) => cli(['inject', ...args, '--prefix', up.prefix]);
  const restore = (up: Up) => cli(['restore', '--prefix', up.prefix]);
  const page = async (up: Up) => {
    const t0 = Date.now();
    const r = await request(`http://127.0.0.1:${up.port}/api/employee/page?page=1&pageSize=10`, { headers: { token: 'none' }, reset: true });
    await r.body.text();
    return { status: r.statusCode, ms: Date.now() - t0 };
  };
  const errorLog = (up: Up) => readFileSync(join(up.prefix, 'logs', 'error.log'), 'latin1').split('\n').flatMap((l) => parseErrorLine(l) ?? []);
  const accessLines = (up: Up) => readFileSync(join(up.prefix, 'logs', 'access.log'), 'latin1').split('\n').filter(Boolean);
  const stop = async (up: Up) => {
    up.child.kill('SIGINT');
    await up.child;
  };

  test('admin.listen ipv4: requests still succeed, the first logs a refusal of [::1]; admin.slow: answers come late, and the output says which timeout applies', { tag: ['@admin-ipv4-only', '@admin-slow'] }, async ({ engine }, testInfo) => {
    test.setTimeout(60_000);
    const up = await harnessUp(engine, testInfo.outputPath('up'));
    try {
      const listen = await inject(up, 'admin.listen', 'ipv4');
      expect(listen.exitCode, listen.all).toBe(0);
      expect(listen.all).toContain('admin.listen ipv4 applied');
      // The stand-in answers 401 to a bad token: the request reached it, on 127.0.0.1 after [::1] refused.
      expect((await page(up)).status).toBe(401);
      expect(errorLog(up).map((e) => [e.message, e.upstream?.replace(/:\d+\/.*/, '')])).toEqual([['connect() failed', 'http://[::1]']]);
      const undoListen = (await restore(up)).all;
      expect(undoListen).toContain('restored: undid admin.listen');
      expect(undoListen).toContain('as down for fail_timeout (10 s, per worker)');

      const slow = await inject(up, 'admin.slow', '1500');
      expect(slow.exitCode, slow.all).toBe(0);
      // harness up's conf keeps nginx's default proxy_read_timeout: slow, not failed.
      expect(slow.all).toContain("this stack's proxy_read_timeout for /api/ is 60 s");
      expect(slow.all).toContain('still get their usual answers (200, 401, ...), 1.5 s late');
      const late = await page(up);
      expect(late.status).toBe(401);
      expect(late.ms).toBeGreaterThanOrEqual(1500);
      const undoSlow = (await restore(up)).all;
      expect(undoSlow).toContain('restored: undid admin.latency 1500');
      // A slow answer over proxy_read_timeout fails its peer too: the reminder holds after it.
      expect(undoSlow).toContain('as down for fail_timeout (10 s, per worker)');
      const again = await page(up);
      expect(again.status).toBe(401);
      expect(again.ms).toBeLessThan(1000);
    } finally {
      await stop(up);
    }
  });

  test('wire faults: --path and --times pick the requests, several at once, `chaos status` lists them with what each did, a glob that matches nothing is a warning, restoring twice is harmless, a fault that does not apply is exit 2, stopping the stack undoes them', { tag: '@admin-reset' }, async ({ engine }, testInfo) => {
    test.setTimeout(60_000);
    const up = await harnessUp(engine, testInfo.outputPath('up'));
    try {
      const status = async () => {
        const r = await cli(['status', '--prefix', up.prefix]);
        expect(r.exitCode, r.all).toBe(0);
        return r.stdout;
      };
      expect(await status()).toContain(`: ${engine} engine, linux profile, admin server listening (dual).\nNo fault is applied.`);
      const reset = await inject(up, 'admin.reset', '--path', '/admin/employee/page', '--times', '1');
      expect(reset.exitCode, reset.all).toBe(0);
      expect(reset.stdout).toContain('admin.reset --path /admin/employee/page --times 1 applied: The admin server resets the connection (RST)');
      // The hint acts on this stack: it carries the --prefix given.
      expect(reset.stdout.split('\n')).toContain(`Undo with: npx harness chaos restore --prefix ${up.prefix}`);
      const typo = await inject(up, 'admin.latency', '100', '--path', '/api/employee/**');
      expect(typo.exitCode, typo.all).toBe(0);
      expect(typo.stdout).toContain("warning: --path /api/employee/** matches none of the admin server's paths");
      // The GET's first try is reset; nginx tries it on the other loopback, which answers.
      expect((await page(up)).status).toBe(401);
      expect(errorLog(up).map((e) => [e.message, e.errno?.code, e.action])).toEqual([['recv() failed', 104, 'reading response header from upstream']]);
      expect(await status()).toContain(
        `Applied, oldest first (\`npx harness chaos restore --prefix ${up.prefix}\` undoes them all):\n` +
          // The retry on the other loopback matched too, and was answered.
          '  admin.reset --path /admin/employee/page --times 1: acted on 1 of 1 requests (used up), 2 matched its --path\n' +
          '  admin.latency 100 --path /api/employee/**: acted on 0 requests, 0 matched its --path',
      );
      const asJson = await cli(['status', '--prefix', up.prefix, '--json']);
      expect(JSON.parse(asJson.stdout)).toMatchObject({ engine, os: 'linux', admin: 'dual', faults: [{ label: 'admin.reset --path /admin/employee/page --times 1' }, { label: 'admin.latency 100 --path /api/employee/**' }] });
      const restored = await restore(up);
      expect(restored.stdout).toContain('restored: undid admin.latency 100 --path /api/employee/**, admin.reset --path /admin/employee/page --times 1');
      // admin.reset fails the peer (the table's marksPeerDown): the proxy keeps it down for fail_timeout.
      expect(restored.stdout).toContain('The proxy still counts a peer that failed as down for fail_timeout');
      expect(await status()).toContain('No fault is applied.');
      expect((await restore(up)).stdout).toContain('nothing to restore');
      // A fault that does not apply to this stack's profile or state: exit 2, saying what does.
      const ntstatus = await inject(up, 'proxy.crash-worker', 'C0000005');
      expect(ntstatus.exitCode, ntstatus.all).toBe(2);
      expect(ntstatus.all).toContain('exit code "C0000005" cannot be shown by the linux profile: give a decimal exit code 0-255 (NTSTATUS codes such as C0000005 need --os windows)');
      // A fault never outlives its stack: stopping `harness up` undoes what is applied.
      const temp = join(up.prefix, 'temp', 'client_body_temp');
      expect((await inject(up, 'proxy.temp-dir-gone')).exitCode).toBe(0);
      expect(existsSync(temp)).toBe(false);
      const twice = await inject(up, 'proxy.temp-dir-gone');
      expect(twice.exitCode, twice.all).toBe(2);
      expect(twice.all).toContain('client_body_temp is gone already');
      expect(twice.all).toContain('`harness chaos restore` makes it again');
      await stop(up);
      expect(existsSync(temp)).toBe(true);
    } finally {
      await stop(up);
    }
  });

  test('each wire fault on one request of a running harness up: the client gets what nginx gives it, the error log nginx\'s line, and harness doctor names the condition', { tag: ['@admin-bad-answers', '@admin-closes-early', '@admin-reset', '@admin-error-status', '@temp-dir-gone'] }, async ({ engine }, testInfo) => {
    test.setTimeout(120_000);
    const up = await harnessUp(engine, testInfo.outputPath('up'));
    try {
      const LOGIN = '{"username":"admin","password":"123456"}';
      const login = (body = LOGIN) => send(up.port, post('/api/employee/login', up.port, body, ['Content-Type: application/json', 'Connection: close']), { untilClose: true });
      const page = () => send(up.port, get('/api/employee/page?page=1&pageSize=10', up.port, ['Connection: close']), { untilClose: true });
      const lines = () => errorLog(up).map((e) => `[${e.level}] ${e.message}${e.errno ? ` (${e.errno.code}: ${e.errno.text})` : ''}${e.action ? ` while ${e.action}` : ''}`);
      /** Applies the fault (an admin one to one request: --times 1), sends the request, and returns the answer and the lines it added. */
      const once = async (fault: string[], request: () => Promise<RawResponse>) => {
        const applied = await inject(up, ...fault);
        expect(applied.exitCode, applied.all).toBe(0);
        const before = lines().length;
        const answer = await request();
        const restored = await restore(up);
        expect(restored.exitCode, restored.all).toBe(0);
        return { answer, added: lines().slice(before), restored: restored.stdout };
      };

      // An error status is an answer: passed on, no line.
      const status = await once(['admin.status', '500', '--path', '/admin/employee/page', '--times', '1'], page);
      expect(status.answer.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
      expect(status.answer.body).toMatch(/^\{"timestamp":\d+,"status":500,"error":"Internal Server Error","path":"\/admin\/employee\/page"\}$/);
      expect(status.added).toEqual([]);
      // Not a failure of the peer for nginx: no fail_timeout to wait out.
      expect(status.restored).not.toContain('still counts a peer');

      // No status line: nginx passes the bytes on as they came (HTTP/0.9).
      const garbage = await once(['admin.garbage', '--seed', '5', '--path', '/admin/employee/page', '--times', '1'], page);
      expect(garbage.answer.raw).toBe(garbageBytes(64, seededRandom(5)).toString('latin1'));
      expect(garbage.added).toEqual(['[error] upstream sent no valid HTTP/1.0 header while reading response header from upstream']);

      // The head with the whole Content-Length, 5 bytes of the body, a close.
      const truncate = await once(['admin.truncate', '5', '--path', '/admin/employee/login', '--times', '1'], () => login());
      expect(truncate.answer.status).toBe(200);
      expect(Number(header(truncate.answer, 'Content-Length'))).toBeGreaterThan(5);
      expect(truncate.answer.body).toBe('{"cod');
      expect(truncate.added).toEqual(['[error] upstream prematurely closed connection while reading upstream']);

      // An upload that needs a temp file, with the folder gone.
      const temp = await once(['proxy.temp-dir-gone'], () => login(`{"username":"admin","password":"${'x'.repeat(20_000)}"}`));
      expect(temp.answer.status).toBe(500);
      expect(temp.added).toEqual([expect.stringMatching(/^\[crit\] open\(\) ".*\/temp\/client_body_temp\/0000000001" failed \(2: No such file or directory\)$/)]);

      // A POST that was sent is not retried: one line, 502, and its peer sits out fail_timeout, so
      // the next goes to the other loopback.
      const reset = await once(['admin.reset', '--path', '/admin/employee/login', '--times', '1'], () => login());
      expect(reset.answer.status).toBe(502);
      expect(reset.added).toEqual(['[error] recv() failed (104: Connection reset by peer) while reading response header from upstream']);
      const close = await once(['admin.close', '--path', '/admin/employee/login', '--times', '1'], () => login());
      expect(close.answer.status).toBe(502);
      expect(close.added).toEqual(['[error] upstream prematurely closed connection while reading response header from upstream']);

      const doctor = await execa(process.execPath, [distFile('harness/cli.js'), 'doctor', join(up.prefix, 'logs', 'error.log')], { reject: false, all: true });
      expect(doctor.stdout.split('\n')[0]).toBe('error.log: 5 lines, 5 incidents (5 to act on): upstream-closed ×2, upstream-reset ×1, temp-dir-missing ×1, upstream-invalid-header ×1.');
      for (const [condition, lines] of [['upstream-closed', 2], ['upstream-reset', 1], ['temp-dir-missing', 1], ['upstream-invalid-header', 1]] as const) {
        expect(doctor.stdout).toContain(`\n${condition}: ${lines} incident${lines > 1 ? 's' : ''}, ${lines} line${lines > 1 ? 's' : ''}\n`);
      }
    } finally {
      await stop(up);
    }
  });

  test('proxy.fail-respawn + proxy.crash-worker, then restore: requests are served again and logged to access.log', { tag: '@respawn-fails' }, async ({ engine }, testInfo) => {
    test.setTimeout(60_000);
    const up = await harnessUp(engine, testInfo.outputPath('up'));
    try {
      expect((await inject(up, 'proxy.fail-respawn')).exitCode).toBe(0);
      expect((await inject(up, 'proxy.crash-worker')).exitCode).toBe(0);
      await expect.poll(() => errorLog(up).map((e) => e.message).filter((m) => m.startsWith('could not respawn'))).toHaveLength(1);
      const restored = await restore(up);
      expect(restored.exitCode, restored.all).toBe(0);
      for (let i = 0; i < 3; i++) {
        const before = accessLines(up).length;
        expect((await page(up)).status).toBe(401);
        await expect.poll(() => accessLines(up).slice(before)).toEqual([expect.stringContaining('"GET /api/employee/page?page=1&pageSize=10 HTTP/1.1" 401 0')]);
      }
      // The restore left no trace of a broken reload in the error log.
      expect(errorLog(up).filter((e) => /sendmsg|kill\(|Bad file descriptor/.test(`${e.message} ${e.errno?.text ?? ''}`))).toEqual([]);
    } finally {
      await stop(up);
    }
  });
});

test.describe('harness chaos inject: bad input and no stack', () => {
  test.skip(({ engine }) => engine === 'nginx', 'the checks come before any stack or engine');

  test('an unknown fault is a usage error that lists the faults', async ({}, testInfo) => {
    const r = await cli(['inject', 'admin.explode', '--prefix', testInfo.outputPath('none')]);
    expect(r.exitCode).toBe(2);
    expect(r.all).toContain('no fault "admin.explode"');
    expect(r.all).toContain('admin.stop, admin.start, admin.listen');
  });

  test('a fault without its required argument is a usage error that says what to give', async ({}, testInfo) => {
    const listen = await cli(['inject', 'admin.listen', '--prefix', testInfo.outputPath('none')]);
    expect(listen.exitCode).toBe(2);
    expect(listen.all).toContain('admin.listen needs MODE: where the admin server listens, one of dual, ipv4, ipv6, down; e.g. harness chaos inject admin.listen ipv4.');
    const slow = await cli(['inject', 'admin.slow', '--prefix', testInfo.outputPath('none')]);
    expect(slow.exitCode).toBe(2);
    expect(slow.all).toContain('admin.latency needs MS: the wait before each answer in milliseconds');
    expect(slow.all).toContain('Usage: harness chaos inject admin.latency MS [--jitter MS]');
  });

  test('bad values, flags and counts: exit 2 with what is accepted, before any stack is asked', async ({}, testInfo) => {
    const prefix = testInfo.outputPath('none');
    for (const [args, said] of [
      [['admin.reset', '--rate', '2'], '--rate "2": P is the share of the matching requests it acts on, drawn at random, a fraction more than 0 and at most 1'],
      [['admin.reset', '--times', '-1'], '--times "-1": N is how many of the matching requests it acts on (the first ones), a whole number from 1 to 1000000'],
      [['admin.truncate', 'abc'], 'admin.truncate "abc": BYTES is how many bytes of the body it sends before it closes, a whole number from 0 to 1073741824'],
      [['admin.reset', '--path', ''], '--path "": GLOB is the requests it acts on'],
      [['admin.reset', '--times', '1', '--times', '2'], '--times is given twice (1, 2): give it once.'],
      [['admin.reset', '--jitter', '5'], '--jitter is not an option of admin.reset; it takes --path GLOB, --times N, --rate P, --seed S.'],
    ] as const) {
      const r = await cli(['inject', ...args, '--prefix', prefix]);
      expect(r.exitCode, r.all).toBe(2);
      expect(r.all).toContain(said);
      expect(r.all).toContain(`Usage: harness chaos inject ${args[0]} `);
      expect(r.all).not.toContain('no stack is running');
    }
  });

  test('no stack running: says so and how to start one (exit 1)', async ({}, testInfo) => {
    const prefix = testInfo.outputPath('none');
    for (const args of [['inject', 'admin.stop'], ['restore'], ['status']]) {
      const r = await cli([...args, '--prefix', prefix]);
      expect(r.exitCode).toBe(1);
      expect(r.all).toContain(`no stack is running from ${prefix}`);
      expect(r.all).toContain('npx harness up');
    }
  });

  test('a stale state.json (its pid alive, its control channel dead): says the stack does not answer and what to do, no stack trace', async ({}, testInfo) => {
    const prefix = testInfo.outputPath('stale');
    mkdirSync(prefix, { recursive: true });
    const port = await freePort();
    // This test's own pid: alive, and no harness up. Where a command line tells that (Linux), the file
    // is refused before any call (hygiene/stack-life.spec.ts); the portable fallback asks the channel.
    const state = { pid: process.pid, url: 'http://localhost:1/', control: { url: `http://127.0.0.1:${port}`, token: 'ab'.repeat(24) }, engine: 'embedded', os: 'linux', prefix, proxyPort: 1, adminPort: 2, startedAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(join(prefix, 'state.json'), JSON.stringify(state));
    const r = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'inject', 'admin.stop', '--prefix', prefix], { reject: false, all: true, env: { HARNESS_PORTABLE: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.all).toContain(`the stack recorded in ${join(prefix, 'state.json')} (pid ${process.pid}`);
    expect(r.all).toContain('does not answer on its control channel');
    expect(r.all).toContain('ECONNREFUSED');
    expect(r.all).toContain(`delete ${join(prefix, 'state.json')}`);
    expect(r.all).not.toMatch(/^\s+at /m);
  });
});
