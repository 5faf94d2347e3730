// accepts(): what `harness up --admin-upstream` asks before it starts, to say when the user's own
// server is not running.
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { accepts } from './ports.js';
import { freePort } from '../tests/support/ports.js';

test('accepts(): true where a server listens, false once it has closed (refused)', async () => {
  const server = net.createServer((s) => s.destroy());
  const free = await freePort();
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: free }, r));
  const { port } = server.address() as net.AddressInfo;
  expect(await accepts('127.0.0.1', port)).toBe(true);
  await new Promise<void>((r) => server.close(() => r()));
  expect(await accepts('127.0.0.1', port)).toBe(false);
});
