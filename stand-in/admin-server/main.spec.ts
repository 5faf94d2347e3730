// main.ts as a child process: prints where it listens, answers, stops cleanly on SIGTERM/SIGINT and
// frees the port; a taken port or bad arguments end it with a clear message and a non-zero code.
import { test, expect } from '@playwright/test';
import { execa, type ResultPromise } from 'execa';
import getPort from 'get-port';
import { fileURLToPath } from 'node:url';
import { ADMIN_LOGIN, call, occupy, release } from '../../tests/support/admin.js';

const MAIN = fileURLToPath(new URL('../../dist/stand-in/admin-server/main.js', import.meta.url));

/** Resolves with stdout so far once it contains `text`; rejects if the process ends first. */
function waitForOutput(child: ResultPromise, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(text)) resolve(out);
    });
    child.then(
      (r) => reject(new Error(`exited (${r.exitCode}) before printing "${text}": ${r.stdout}${r.stderr}`)),
      (e: Error) => reject(e),
    );
  });
}

test('--mode ipv4: prints the address, answers on 127.0.0.1 only, SIGTERM stops it with 0 and frees the port', async () => {
  const port = await getPort();
  const child = execa(process.execPath, [MAIN, '--port', String(port), '--mode', 'ipv4'], { reject: false });
  try {
    const printed = await waitForOutput(child, 'listening');
    expect(printed).toContain(`listening on http://127.0.0.1:${port} (mode ipv4)`);
    const r = await call(`http://127.0.0.1:${port}/admin/employee/login`, { json: ADMIN_LOGIN });
    expect(r.text).toMatch(/^\{"code":1,"msg":null,"data":\{"id":1,/);
    await expect(call(`http://[::1]:${port}/admin/employee/login`, { json: ADMIN_LOGIN })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('stopped (SIGTERM)');
    expect(result.stderr).toBe('');
    await release(await occupy(port, '127.0.0.1'));
  } finally {
    child.kill('SIGKILL');
  }
});

test('the default mode is dual; SIGINT stops it with 0 as well', async () => {
  const port = await getPort();
  const child = execa(process.execPath, [MAIN, '--port', String(port)], { reject: false });
  try {
    expect(await waitForOutput(child, 'listening')).toContain(`listening on http://[::1]:${port} and http://127.0.0.1:${port} (mode dual)`);
    expect((await call(`http://[::1]:${port}/admin/employee/page`)).status).toBe(401);
    child.kill('SIGINT');
    expect((await child).exitCode).toBe(0);
    await release(await occupy(port, '::1'));
  } finally {
    child.kill('SIGKILL');
  }
});

test('a taken port: exit 1 and a message that names the port', async () => {
  const port = await getPort();
  const blocker = await occupy(port, '127.0.0.1');
  try {
    const result = await execa(process.execPath, [MAIN, '--port', String(port), '--mode', 'ipv4'], { reject: false, timeout: 10_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  } finally {
    await release(blocker);
  }
});

test('bad arguments: exit 2 with the reason and the usage', async () => {
  for (const args of [['--mode', 'both'], ['--port', '99999'], ['--port', 'http'], ['--bogus']]) {
    const result = await execa(process.execPath, [MAIN, ...args], { reject: false, timeout: 10_000 });
    expect(result.exitCode, args.join(' ')).toBe(2);
    expect(result.stderr).toContain('usage: node dist/stand-in/admin-server/main.js');
  }
});
