// `harness up` without --port takes 80, and when 80 cannot be had says why and takes a free port.
// The tests never touch 80: the default is an internal option, pointed at a port the test holds.
import { test, expect } from '@playwright/test';
import { proxyPort } from '../../harness/stack-life/up.js';
import { UserError } from '../../harness/errors.js';
import { canBind } from '../../harness/ports.js';
import { heldByPattern, holdPort, freePort } from '../support/ports.js';

function notes(): { note: (t: string) => void; lines: string[] } {
  const lines: string[] = [];
  return { note: (t) => lines.push(t), lines };
}

test('no --port, the default port held: a free port instead, and the note names the holder', async () => {
  const held = await holdPort();
  try {
    const adminPort = await freePort();
    const print = notes();
    const port = await proxyPort({ defaultPort: held.port, adminPort }, print);
    expect(port).not.toBe(held.port);
    expect(port).not.toBe(adminPort);
    expect(await canBind('127.0.0.1', port)).toEqual({ ok: true });
    expect(print.lines).toHaveLength(1);
    expect(print.lines[0]).toMatch(new RegExp(`^port ${held.port} on 127\\.0\\.0\\.1 is ${heldByPattern(process.pid)}; the stack uses port ${port} instead \\(choose one with --port\\)\\.$`));
  } finally {
    await held.close();
  }
});

test('no --port, the default port free: it is used, nothing is said', async () => {
  const free = await freePort();
  const print = notes();
  expect(await proxyPort({ defaultPort: free, adminPort: await freePort() }, print)).toBe(free);
  expect(print.lines).toEqual([]);
});

test('no --port, the default port is --admin-port: a free port, not the admin server\'s', async () => {
  const adminPort = await freePort();
  const print = notes();
  const port = await proxyPort({ defaultPort: adminPort, adminPort }, print);
  expect(port).not.toBe(adminPort);
  expect(print.lines).toEqual([`port ${adminPort} is the admin server's (--admin-port); the stack uses port ${port} instead (choose one with --port).`]);
});

test('an explicit --port that is held is an error naming the port and its holder, never a fallback', async () => {
  const held = await holdPort();
  try {
    const e = await proxyPort({ port: held.port, adminPort: await freePort() }, notes()).catch((x: Error) => x);
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).toMatch(new RegExp(`^port ${held.port} on 127\\.0\\.0\\.1 is ${heldByPattern(process.pid)}\\.\\n  Choose another port with --port, or stop what holds it`));
  } finally {
    await held.close();
  }
});
