// The tests' own ports (tests/support/ports.ts): a port for a test is free on both loopbacks, so that
// nothing of another run answers on [::1] where a test expects nginx's try to be refused.
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { freePort, nestedRunPorts } from '../support/ports.js';

test('freePort() passes over a port whose [::1] another process holds', async () => {
  const [first] = Object.values(nestedRunPorts())[0].split('-').map(Number);
  const holder = net.createServer();
  await new Promise<void>((r) => holder.listen({ host: '::1', port: first, ipv6Only: true }, r));
  const saved = process.env.HARNESS_TEST_PORTS;
  process.env.HARNESS_TEST_PORTS = `${first}-${first + 1}`;
  try {
    expect(await freePort()).toBe(first + 1);
  } finally {
    if (saved === undefined) delete process.env.HARNESS_TEST_PORTS;
    else process.env.HARNESS_TEST_PORTS = saved;
    await new Promise((r) => holder.close(r));
  }
});
