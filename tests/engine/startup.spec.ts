// Start-up failures, as nginx 1.22.1 reports them.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { startExpectingFailure, type FailedStart } from '../support/startup.js';
import { conformanceConf } from '../support/proxy-under-test.js';
import { parseErrorLine } from '../../harness/logs/error-log.js';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { distFile } from '../../harness/paths.js';
import { get } from '../support/raw-http.js';
import { alive } from '../support/processes.js';
import { holdPort, freePort } from '../support/ports.js';

/** The conformance conf with its client_body_temp_path under a folder that does not exist. */
function missingTempParent(conf: string): string {
  return conf.replace(/client_body_temp_path\s+temp\/client_body_temp;/, 'client_body_temp_path nonexist/temp/client_body_temp;');
}

/** ms between the `nginx: [emerg]` lines, as they arrived. */
function gaps(f: FailedStart): number[] {
  const at = f.printed.filter((p) => p.line.startsWith('nginx: [emerg]')).map((p) => p.at);
  return at.slice(1).map((t, i) => t - at[i]);
}

const WIN_10048 = '10048: Only one usage of each socket address (protocol/network address/port) is normally permitted';

test.describe('a client_body_temp_path whose parent is missing', () => {
  test('Linux: [emerg] mkdir() ... (2: No such file or directory), exit 1, and no bind() even with the port taken', async ({ engine }, testInfo) => {
    // The port is held as well: nginx creates its paths before it binds, so only the mkdir() line comes.
    const held = await holdPort();
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { port: held.port, edit: missingTempParent });
      const path = `${f.prefix}/nonexist/temp/client_body_temp`;
      expect(f.error.exitCode).toBe(1);
      expect(f.error.emerg).toEqual([`nginx: [emerg] mkdir() "${path}" failed (2: No such file or directory)`]);
      const lines = f.errorLog.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(logLineRe('emerg', `mkdir() "${path}" failed (2: No such file or directory)`));
      expect(f.printed.map((p) => p.line).filter((l) => l.includes('bind()'))).toEqual([]);
      // No pid file: nginx exits before it writes one.
      expect(existsSync(join(f.prefix, 'logs', 'nginx.pid'))).toBe(false);
    } finally {
      await held.close();
    }
  });

  test('Windows: [emerg] CreateDirectory() "C:\\...\\prefix/..." failed (3: ...), CRLF, no bind()', async ({ engine }, testInfo) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const held = await holdPort();
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { os: 'windows', port: held.port, edit: missingTempParent });
      const winPrefix = 'C:' + f.prefix.replace(/\//g, '\\');
      expect(f.error.exitCode).toBe(1);
      expect(f.error.emerg).toEqual([`nginx: [emerg] CreateDirectory() "${winPrefix}/nonexist/temp/client_body_temp" failed (3: The system cannot find the path specified)`]);
      expect(f.errorLog.endsWith('\r\n')).toBe(true);
      expect(f.errorLog.split('\r\n').filter(Boolean)).toHaveLength(1);
      const e = parseErrorLine(f.errorLog)!;
      expect(e.level).toBe('emerg');
      expect(e.tid).not.toBe(e.pid);
      expect(e.message).toBe(`CreateDirectory() "${winPrefix}/nonexist/temp/client_body_temp" failed`);
      expect(e.errno).toEqual({ code: 3, text: 'The system cannot find the path specified' });
    } finally {
      await held.close();
    }
  });
});

test.describe('a listen port that is taken', () => {
  test('five bind() tries 500 ms apart in one cached second, then "still could not bind()", exit 1', async ({ engine }, testInfo) => {
    const held = await holdPort();
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { port: held.port });
      const bind = `nginx: [emerg] bind() to 127.0.0.1:${held.port} failed (98: Address already in use)`;
      expect(f.error.exitCode).toBe(1);
      expect(f.error.emerg).toEqual([bind, bind, bind, bind, bind, 'nginx: [emerg] still could not bind()']);
      // Each try waits 500 ms, the last one too (ngx_msleep(500) after every failed try).
      for (const gap of gaps(f)) {
        expect(gap).toBeGreaterThanOrEqual(400);
        expect(gap).toBeLessThanOrEqual(900);
      }
      expect(gaps(f)).toHaveLength(5);
      const log = f.errorLog.split('\n').filter(Boolean).map((l) => parseErrorLine(l)!);
      expect(log.map((e) => e.message)).toEqual([...Array(5).fill(`bind() to 127.0.0.1:${held.port} failed`), 'still could not bind()']);
      // nginx's cached clock is not updated while it sleeps between the tries.
      expect(new Set(log.map((e) => e.time)).size).toBe(1);
    } finally {
      await held.close();
    }
  });

  test('Windows: 10048 five times 500 ms apart, and 10013 at once for an excluded port', async ({ engine }, testInfo) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const held = await holdPort();
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('taken'), { port: held.port, os: 'windows' });
      const bind = `nginx: [emerg] bind() to 127.0.0.1:${held.port} failed (${WIN_10048})`;
      expect(f.error.emerg).toEqual([bind, bind, bind, bind, bind, 'nginx: [emerg] still could not bind()']);
      expect(gaps(f)).toHaveLength(5);
      for (const gap of gaps(f)) {
        expect(gap).toBeGreaterThanOrEqual(400);
        expect(gap).toBeLessThanOrEqual(900);
      }
      const log = f.errorLog.split('\r\n').filter(Boolean).map((l) => parseErrorLine(l)!);
      expect(log.map((e) => e.message)).toEqual([...Array(5).fill(`bind() to 127.0.0.1:${held.port} failed`), 'still could not bind()']);
      expect(new Set(log.map((e) => e.time)).size).toBe(1);
    } finally {
      await held.close();
    }
    const excluded = await freePort();
    const f = await startExpectingFailure(engine, testInfo.outputPath('forbidden'), { os: 'windows', port: excluded, reservedPorts: [excluded] });
    // Not retried: only "address in use" is.
    expect(f.error.emerg).toEqual([`nginx: [emerg] bind() to 127.0.0.1:${excluded} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`]);
  });
});

test.describe('harness proxy, the command', () => {
  test.skip(({ engine }) => engine === 'nginx', 'the embedded engine\'s own command');

  async function prefixOn(dir: string, port: number, edit: (c: string) => string = (c) => c): Promise<string> {
    const prefix = join(dir, 'prefix');
    preparePrefix({ prefix, conf: { text: edit(conformanceConf({}, port, await freePort())) } });
    return prefix;
  }

  test('on a port an outside process listens on: nginx\'s bind() lines, exit 1, nothing left behind', async ({}, testInfo) => {
    const holder = execa(process.execPath, ['-e', 'require("net").createServer().listen(0, "127.0.0.1", function () { console.log("PORT " + this.address().port) })']);
    try {
      const port = await new Promise<number>((r) => {
        let out = '';
        holder.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /^PORT (\d+)$/m.exec(out);
          if (m) r(Number(m[1]));
        });
      });
      const prefix = await prefixOn(testInfo.outputPath('p'), port);
      const r = await execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, '-c', 'conf/nginx.conf', '--os', 'linux'], { reject: false, timeout: 15_000 });
      const bind = `nginx: [emerg] bind() to 127.0.0.1:${port} failed (98: Address already in use)`;
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')).toEqual([bind, bind, bind, bind, bind, 'nginx: [emerg] still could not bind()']);
      expect(existsSync(join(prefix, 'logs', 'nginx.pid'))).toBe(false);
      expect(existsSync(join(prefix, 'logs', 'harness-control.json'))).toBe(false);
    } finally {
      holder.kill();
      await holder.catch(() => undefined);
    }
  });

  test('Windows profile: stderr lines end with CRLF, as ngx_log_stderr() writes them on win32', async ({}, testInfo) => {
    const prefix = await prefixOn(testInfo.outputPath('p'), await freePort(), missingTempParent);
    const r = await execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, '--os', 'windows'], { reject: false, stripFinalNewline: false });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`nginx: [emerg] CreateDirectory() "${'C:' + prefix.replace(/\//g, '\\')}/nonexist/temp/client_body_temp" failed (3: The system cannot find the path specified)\r\n`);
    // The same run under the Linux profile ends its line with LF alone.
    const linux = await execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, '--os', 'linux'], { reject: false, stripFinalNewline: false });
    expect(linux.stderr).toMatch(/failed \(2: No such file or directory\)\n$/);
    expect(linux.stderr).not.toContain('\r');
  });

  test('--excluded-port under the Windows profile: bind() fails with 10013; without --os windows it is refused', async ({}, testInfo) => {
    const port = await freePort();
    const prefix = await prefixOn(testInfo.outputPath('p'), port);
    const cli = (...args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, ...args], { reject: false, timeout: 15_000 });
    const win = await cli('--os', 'windows', '--excluded-port', String(port));
    expect(win.exitCode).toBe(1);
    expect(win.stderr.trimEnd()).toBe(`nginx: [emerg] bind() to 127.0.0.1:${port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`);
    expect(readFileSync(join(prefix, 'logs', 'error.log'), 'latin1')).toContain(`bind() to 127.0.0.1:${port} failed (10013: `);
    const linux = await cli('--os', 'linux', '--excluded-port', String(port));
    expect(linux.exitCode).toBe(2);
    expect(linux.stderr).toContain('--excluded-port emulates Windows\' excluded port ranges (bind() error 10013): use it with --os windows');
  });
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** An error-log line as nginx writes it where its log is stderr: the time, the level, PID#TID (the same on Linux), the message. */
function logLineRe(level: string, message: string, tid: 'same' | 'other' = 'same'): RegExp {
  return new RegExp(`^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d \\[${level}\\] (\\d+)#${tid === 'same' ? '\\1' : '(?!\\1#)\\d+'}: ${escapeRe(message)}$`);
}

test.describe('a prefix without logs/', () => {
  for (const [own, file] of [
    ['no error_log (the course\'s conf): the compiled-in one opens last, after the access log', 'access.log'],
    ['an error_log of its own, opened first', 'error.log'],
  ] as const) {
    test(`${own}: the alert for the start-up log, the emerg on stderr in the log's format, exit 1, no logs/ made`, async ({ engine }, testInfo) => {
      const edit = file === 'access.log' ? (c: string) => c.replace(/^error_log .*\n/m, '') : undefined;
      const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { logsDir: false, edit });
      expect(f.error.exitCode).toBe(1);
      const [alert, emerg, ...rest] = f.printed.map((p) => p.line);
      expect(alert).toBe(`nginx: [alert] could not open error log file: open() "${f.prefix}/logs/error.log" failed (2: No such file or directory)`);
      // Its log is stderr: the line has the log's format, and there is no `nginx: [emerg]` copy.
      expect(emerg).toMatch(logLineRe('emerg', `open() "${f.prefix}/logs/${file}" failed (2: No such file or directory)`));
      expect(rest).toEqual([]);
      expect(existsSync(join(f.prefix, 'logs'))).toBe(false);
      // The temp paths were made first: ngx_create_paths() comes before the files are opened.
      expect(existsSync(join(f.prefix, 'temp', 'client_body_temp'))).toBe(true);
    });
  }

  test('an error_log whose own folder is missing (logs/ there): the emerg on stderr and in logs/error.log', async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { edit: (c) => c.replace(/^error_log .*$/m, 'error_log  logs2/e.log;') });
    const message = `open() "${f.prefix}/logs2/e.log" failed (2: No such file or directory)`;
    expect(f.error.exitCode).toBe(1);
    expect(f.printed.map((p) => p.line)).toEqual([`nginx: [emerg] ${message}`]);
    expect(f.errorLog.split('\n').filter(Boolean)).toEqual([expect.stringMatching(logLineRe('emerg', message))]);
  });

  test('Windows profile: CreateFile() and error 3 for the missing folder, every line CRLF, PID#TID', async ({ engine }, testInfo) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const prefix = join(testInfo.outputPath('p'), 'prefix');
    preparePrefix({ prefix, conf: { text: conformanceConf({}, await freePort(), await freePort()) } });
    rmSync(join(prefix, 'logs'), { recursive: true });
    const r = await execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, '--os', 'windows'], { reject: false, stripFinalNewline: false });
    const win = 'C:' + prefix.replace(/\//g, '\\');
    expect(r.exitCode).toBe(1);
    expect(r.stderr.endsWith('\r\n')).toBe(true);
    const [alert, emerg, ...rest] = r.stderr.split('\r\n');
    expect(alert).toBe(`nginx: [alert] could not open error log file: CreateFile() "${win}/logs/error.log" failed (3: The system cannot find the path specified)`);
    expect(emerg).toMatch(logLineRe('emerg', `CreateFile() "${win}/logs/error.log" failed (3: The system cannot find the path specified)`, 'other'));
    expect(rest).toEqual(['']);
    expect(existsSync(join(prefix, 'logs'))).toBe(false);
  });

  test('workers open the logs the master opened: with logs/ removed after the start, a new worker answers its first request', async ({ startProxy }) => {
    const p = await startProxy();
    expect((await p.send(get('/x', p.port))).status).toBe(200);
    rmSync(join(p.prefix, 'logs'), { recursive: true });
    // The next worker opens its logs now: nginx's inherits the master's descriptors, lines go to the removed files.
    const old = await p.engine.crashWorker();
    for (const path of ['/x', '/missing']) expect((await p.send(get(path, p.port))).status).toBe(path === '/x' ? 200 : 404);
    const [worker] = await p.engine.workers();
    expect(worker).not.toBe(old);
    expect(alive(worker)).toBe(true);
    expect(existsSync(join(p.prefix, 'logs'))).toBe(false);
  });
});

test.describe('start-up lines at notice and info', () => {
  test('Linux: the event method, the version, the OS, the descriptor limits, then the workers, all from the master', async ({ startProxy }) => {
    const p = await startProxy({ workers: 2, errorLogLevel: 'info' });
    const [uname, limits] = await Promise.all([execa('uname', ['-sr']), execa('sh', ['-c', 'ulimit -Sn; ulimit -Hn'])]);
    const [soft, hard] = limits.stdout.split('\n').map((l) => (l === 'unlimited' ? '-1' : l));
    const workers = await p.engine.workers();
    // The lines of no connection (at info, the ready check's connection may log its close).
    const lines = p.errorLog().map((l) => parseErrorLine(l)!).filter((e) => e.conn === undefined);
    expect(lines.map((e) => `${e.level} ${e.message}`)).toEqual([
      'notice using the "epoll" event method',
      'notice nginx/1.22.1',
      `notice OS: ${uname.stdout}`,
      `notice getrlimit(RLIMIT_NOFILE): ${soft}:${hard}`,
      'notice start worker processes',
      ...workers.map((w) => `notice start worker process ${w}`),
    ]);
    for (const e of lines) expect([e.pid, e.tid]).toEqual([p.engine.pid, p.engine.pid]);
  });

  test('Windows profile: the select method, the version and GetVersionEx()\'s OS at info; each worker writes its own, then its three threads', async ({ engine, startProxy }) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const p = await startProxy({ os: 'windows', workers: 2, errorLogLevel: 'info' });
    const workers = await p.engine.workers();
    const lines = p.errorLog().map((l) => parseErrorLine(l)!).filter((e) => e.conn === undefined);
    const os = 'OS: 260200 build:9200, "", suite:100, type:1';
    const worker = (w: number) => [`M notice start worker process ${w}`, `W${w} notice nginx/1.20.2`, `W${w} info ${os}`, ...Array(3).fill(`W${w} notice create thread T`)];
    const who = (pid: number) => (pid === p.engine.pid ? 'M' : `W${pid}`);
    expect(lines.map((e) => `${who(e.pid!)} ${e.level} ${e.message.replace(/^create thread \d+$/, 'create thread T')}`)).toEqual([
      'M notice using the "select" event method',
      'M notice nginx/1.20.2',
      `M info ${os}`,
      'M notice start worker processes',
      ...workers.flatMap(worker),
    ]);
    // Each process has its own PID#TID, and the threads' ids are Windows ids (multiples of 4) of their own.
    const tids = new Map(lines.map((e) => [e.pid, e.tid]));
    expect(new Set(tids.values()).size).toBe(3);
    const threads = lines.flatMap((e) => /^create thread (\d+)$/.exec(e.message)?.[1] ?? []).map(Number);
    expect(new Set([...threads, ...tids.values()]).size).toBe(9);
    for (const t of threads) expect(t % 4).toBe(0);
  });
});
