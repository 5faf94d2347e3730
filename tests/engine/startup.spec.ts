// Issue 4 item 3 (nginx-behaviour.md section 4): start-up failures, as nginx reports them.
import net from 'node:net';
import getPort from 'get-port';
import { test, expect } from '../fixtures.js';
import { startExpectingFailure } from '../support/startup.js';
import { canBind } from '../../harness/stack/ports.js';
import { parseErrorLine } from '../../harness/logs/error-log.js';

/** The reference conf with its client_body_temp_path under a folder that does not exist. */
function missingTempParent(conf: string): string {
  return conf.replace('client_body_temp_path temp/client_body_temp;', 'client_body_temp_path nonexist/temp/client_body_temp;');
}

test.describe('a client_body_temp_path whose parent is missing', () => {
  test('Linux: [emerg] mkdir() ... (2: No such file or directory), exit 1, nothing bound', async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { edit: missingTempParent });
    const path = `${f.prefix}/nonexist/temp/client_body_temp`;
    expect(f.error.exitCode).toBe(1);
    expect(f.error.emerg).toEqual([`nginx: [emerg] mkdir() "${path}" failed (2: No such file or directory)`]);
    const lines = f.errorLog.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d \\[emerg\\] (\\d+)#\\1: mkdir\\(\\) "${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" failed \\(2: No such file or directory\\)$`));
    expect(await canBind('127.0.0.1', f.port)).toEqual({ ok: true });
  });

  test('Windows: [emerg] CreateDirectory() "C:\\...\\prefix/..." failed (3: ...), CRLF', async ({ engine }, testInfo) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { os: 'windows', edit: missingTempParent });
    const winPrefix = 'C:' + f.prefix.replace(/\//g, '\\');
    expect(f.error.exitCode).toBe(1);
    expect(f.error.emerg).toEqual([`nginx: [emerg] CreateDirectory() "${winPrefix}/nonexist/temp/client_body_temp" failed (3: The system cannot find the path specified)`]);
    expect(f.errorLog.endsWith('\r\n')).toBe(true);
    const e = parseErrorLine(f.errorLog)!;
    expect(e.level).toBe('emerg');
    expect(e.tid).not.toBe(e.pid);
    expect(e.message).toBe(`CreateDirectory() "${winPrefix}/nonexist/temp/client_body_temp" failed`);
    expect(e.errno).toEqual({ code: 3, text: 'The system cannot find the path specified' });
    // The same shape as a real user's line (fixture 05).
    const real = parseErrorLine('2025/02/03 19:17:56 [emerg] 36216#34376: CreateDirectory() "D:\\Study\\CQ_front\\cangqiong-takeout\\nginx-1.20.2/temp/client_body_temp" failed (3: The system cannot find the path specified)')!;
    expect(Object.keys(e).sort()).toEqual(Object.keys(real).sort());
    expect(await canBind('127.0.0.1', f.port)).toEqual({ ok: true });
  });
});

test.describe('a listen port that is taken', () => {
  test('five bind() tries 500 ms apart, then "still could not bind()", exit 1', async ({ engine }, testInfo) => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: 0 }, r));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('p'), { port });
      const bind = `nginx: [emerg] bind() to 127.0.0.1:${port} failed (98: Address already in use)`;
      expect(f.error.exitCode).toBe(1);
      expect(f.error.emerg).toEqual([bind, bind, bind, bind, bind, 'nginx: [emerg] still could not bind()']);
      // Four waits of 500 ms between the five tries.
      expect(f.ms).toBeGreaterThanOrEqual(1900);
      expect(f.ms).toBeLessThan(6000);
      const log = f.errorLog.split('\n').filter(Boolean).map((l) => parseErrorLine(l)!);
      expect(log.map((e) => e.message)).toEqual([...Array(5).fill(`bind() to 127.0.0.1:${port} failed`), 'still could not bind()']);
    } finally {
      holder.close();
    }
  });

  test('Windows: 10048, and 10013 for a forbidden (reserved) port', async ({ engine }, testInfo) => {
    test.skip(engine === 'nginx', 'Linux nginx cannot show the Windows profile');
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: 0 }, r));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const f = await startExpectingFailure(engine, testInfo.outputPath('taken'), { port, os: 'windows' });
      expect(f.error.emerg[0]).toBe(`nginx: [emerg] bind() to 127.0.0.1:${port} failed (10048: Only one usage of each socket address (protocol/network address/port) is normally permitted)`);
      expect(f.error.emerg.at(-1)).toBe('nginx: [emerg] still could not bind()');
    } finally {
      holder.close();
    }
    const reserved = await getPort({ host: '127.0.0.1' });
    const f = await startExpectingFailure(engine, testInfo.outputPath('forbidden'), { os: 'windows', port: reserved, reservedPorts: [reserved] });
    // Not retried: only "address in use" is.
    expect(f.error.emerg).toEqual([`nginx: [emerg] bind() to 127.0.0.1:${reserved} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`]);
  });
});
