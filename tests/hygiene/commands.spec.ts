// `harness proxy` and `harness chaos run` end only once everything they started has exited and
// been reaped: stopped by a signal when ready or midway, and after a failed start. What a command
// started is watched from its own process group (processes.ts watchProcesses), so that a child that
// outlives it is seen even once re-parented. (`harness up`: harness-up.spec.ts; `harness setup`:
// unit/setup.spec.ts.)
import net from 'node:net';
import { test, expect } from '../fixtures.js';
import { runHarness, whenOutput } from '../support/harness-up.js';
import { waitForProxy } from '../../harness/engine/ready.js';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { freePort } from '../support/ports.js';

/** A prefix for `harness proxy` (conf/, logs/, temp/, html/) whose conf listens on `port`. */
function prefixFor(dir: string, port: number, http = ''): string {
  preparePrefix({ prefix: dir, conf: { text: `daemon off;\nevents {}\nhttp {\n${http}  server { listen 127.0.0.1:${port}; location / { root html; } }\n}\n` } });
  return dir;
}

test.describe('harness proxy', () => {
  test.skip(({ engine }) => engine !== 'embedded', 'harness proxy runs the embedded engine');

  test('stopped by SIGTERM once it serves: its workers have exited when it ends (0)', async ({}, testInfo) => {
    const port = await freePort();
    const prefix = prefixFor(testInfo.outputPath('prefix'), port);
    let served = false;
    const r = await runHarness(['proxy', '-p', prefix], {
      started: (child) => {
        void waitForProxy({ urls: [`http://127.0.0.1:${port}/`] }, { timeoutMs: 20_000 }).then(() => {
          served = true;
          child.kill('SIGTERM');
        });
      },
    });
    expect(served).toBe(true);
    expect(r.exitCode).toBe(0);
    expect(r.left).toEqual([]);
  });

  test('a start that fails (a temp path without its parent): the pre-booted worker has exited when it ends (1)', async ({}, testInfo) => {
    const prefix = prefixFor(testInfo.outputPath('prefix'), await freePort(), '  client_body_temp_path nonexist/client_body_temp;\n');
    const r = await runHarness(['proxy', '-p', prefix]);
    expect(r.all).toContain('nginx: [emerg] mkdir()');
    expect(r.exitCode).toBe(1);
    expect(r.left).toEqual([]);
  });

  test('signalled while it retries a busy port: the start ends, then its workers, then the command', async ({}, testInfo) => {
    const foreign = net.createServer();
    await new Promise<void>((r) => foreign.listen({ host: '127.0.0.1', port: 0 }, r));
    const prefix = prefixFor(testInfo.outputPath('prefix'), (foreign.address() as net.AddressInfo).port);
    try {
      const r = await runHarness(['proxy', '-p', prefix], {
        // bind() is tried five times, 500 ms apart: the first failure is the middle of the start.
        started: (child, output) => void whenOutput(child, output, 'Address already in use').then(() => child.kill('SIGTERM'), () => undefined),
      });
      expect(r.all).toContain('still could not bind()');
      expect(r.exitCode).toBe(1);
      expect(r.left).toEqual([]);
    } finally {
      foreign.close();
    }
  });

  test('a bad flag: the pre-booted worker has exited when it ends (2)', async ({}, testInfo) => {
    const r = await runHarness(['proxy', '-p', testInfo.outputPath('no-such-prefix')]);
    expect(r.exitCode).toBe(2);
    expect(r.all).toContain('there is no such folder');
    expect(r.left).toEqual([]);
  });
});

test('harness chaos run stopped by Ctrl-C midway: its stack and its browser have exited when it ends (130)', { tag: '@login-and-page' }, async ({ engine }, testInfo) => {
  test.setTimeout(60_000);
  const r = await runHarness(['chaos', 'run', 'login-and-page', '--proxy', engine, '--out', testInfo.outputPath('run')], {
    // The first verdict comes once the browser has the page: the stack and Chromium both run.
    started: (child, output) => void whenOutput(child, output, '✓').then(() => child.kill('SIGINT'), () => undefined),
  });
  expect(r.all).toContain('Ctrl-C: stopping the run and everything it started...');
  expect(r.all).toMatch(/STOPPED before its end \(stopped: Ctrl-C\): \d+ held, 0 failed, \d+ not run/);
  expect(r.exitCode).toBe(130);
  expect(r.left).toEqual([]);
});
