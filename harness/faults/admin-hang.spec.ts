import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.hang: requests are read and never answered; `chaos restore` lets the controller answer those still waiting', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.hang --path /admin/employee/login');
    const arrived = new Promise<void>((resolve) => s.admin.onRequest((e) => e.end === undefined && e.url === '/admin/employee/login' && resolve()));
    const held = exchange(port, upstreamRequest('POST', '/admin/employee/login', port, '{"username":"admin","password":"123456"}'));
    await arrived;
    // Other paths are answered meanwhile.
    expect((await exchange(port, upstreamRequest('GET', '/admin/employee/page', port))).bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 401 /);
    let answered = false;
    void held.then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    expect(await s.faults.restore()).toEqual(['admin.hang --path /admin/employee/login']);
    const r = await held;
    expect(r.bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*"code":1/);
  } finally {
    await s.close();
  }
});

test('admin.hang: a held request whose client went away is forgotten; the stand-in stops at once', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.hang');
    const done = new Promise<number | undefined>((resolve) => s.admin.onRequest((e) => e.end !== undefined && resolve(e.status)));
    const net = await import('node:net');
    const socket = net.connect(port, '127.0.0.1', () => socket.write(upstreamRequest('GET', '/admin/employee/page', port)));
    await new Promise<void>((resolve) => s.admin.onRequest((e) => e.end === undefined && resolve()));
    socket.destroy();
    expect(await done).toBeUndefined();
    await s.faults.restore(); // nothing is answered on a closed connection
    const stopping = performance.now();
    await s.inject('admin.hang');
    const held = exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    await new Promise<void>((resolve) => s.admin.onRequest((e) => e.end === undefined && resolve()));
    await s.close();
    expect((await held).bytes).toHaveLength(0);
    expect(performance.now() - stopping).toBeLessThan(5000);
  } finally {
    await s.close();
  }
});
