// The /ws/{sid} endpoint of the stand-in : every open admin page gets the type-1
// 来单提醒 when a customer pays and the type-2 催单 on a reminder, in fastjson's key order; a page
// that goes away mid-push does not stop the others; anything that is not a handshake is plain HTTP;
// a message over Tomcat's 8 KiB is closed with 1009 before it is held in memory.
import { test, expect } from '@playwright/test';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import WebSocket from 'ws';
import type { AdminStandIn } from './server.js';
import { MAX_MESSAGE_BYTES } from './websocket.js';
import { memoryOf } from '../../bench/procs.js';
import { freePort } from '../../tests/support/ports.js';
import { call, rawExchange, springError, startAdmin } from '../../tests/support/admin.js';

let admin: AdminStandIn;
const clients: WebSocket[] = [];
test.beforeEach(async () => {
  admin = await startAdmin({ mode: 'ipv4' });
});
test.afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await admin.stop();
});

/** A page's socket, open, with every text frame it gets. */
async function page(sid: string): Promise<{ ws: WebSocket; messages: string[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${admin.port}/ws/${sid}`);
  clients.push(ws);
  const messages: string[] = [];
  ws.on('message', (m) => messages.push(m.toString()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

test('a paid order is pushed to every open page as type 1; a reminder as type 2; exact text', async () => {
  const pages = await Promise.all(['0hrt0xqwd6pm', 'a1b2c3', 'zz9']).then((sids) => Promise.all(sids.map(page)));
  await expect.poll(() => admin.openPages).toBe(3);
  const { order, pushed } = await admin.placeOrder();
  expect(pushed).toBe(3);
  const type1 = `{"orderId":${order.id},"type":1,"content":"订单号：${order.number}"}`;
  for (const p of pages) await expect.poll(() => p.messages).toEqual([type1]);
  expect(admin.state.orders.get(order.id)).toMatchObject({ status: 2, payStatus: 1 });

  const reminded = await admin.remind(3);
  expect(reminded!.pushed).toBe(3);
  const type2 = `{"orderId":3,"type":2,"content":"订单号：${admin.state.orders.get(3)!.number}"}`;
  for (const p of pages) await expect.poll(() => p.messages).toEqual([type1, type2]);
  expect(await admin.remind(999999)).toBeUndefined();
});

test('a page that goes away mid-push: the others still get it, the server goes on, its session is dropped', async () => {
  const [a, b, gone] = await Promise.all(['a', 'b', 'gone'].map(page));
  await expect.poll(() => admin.openPages).toBe(3);
  gone.ws.terminate(); // the TCP connection cut, no close frame, as a closed laptop lid
  const first = await admin.placeOrder();
  expect(first.pushed).toBeGreaterThanOrEqual(2);
  for (const p of [a, b]) await expect.poll(() => p.messages.length).toBe(1);
  await expect.poll(() => admin.openPages).toBe(2);
  const second = await admin.placeOrder();
  expect(second.pushed).toBe(2);
  for (const p of [a, b]) await expect.poll(() => p.messages.length).toBe(2);
  expect(gone.messages).toEqual([]);
});

test('the same sid twice: the second takes the first\'s place; closing either removes the sid (as the real map does)', async () => {
  const first = await page('same');
  const second = await page('same');
  await expect.poll(() => admin.openPages).toBe(1);
  await admin.placeOrder();
  await expect.poll(() => second.messages.length).toBe(1);
  expect(first.messages).toEqual([]);
  first.ws.close();
  await expect.poll(() => admin.openPages).toBe(0);
  expect((await admin.placeOrder()).pushed).toBe(0);
});

test('no token and no subprotocol needed; a bad handshake is a 400; /ws/x without Upgrade, and an Upgrade elsewhere, are plain HTTP', async () => {
  const plain = await call(`http://127.0.0.1:${admin.port}/ws/abc`);
  expect(springError(plain.text)).toMatchObject({ status: 404, path: '/ws/abc' });
  const noKey = await rawExchange(admin.port, `GET /ws/abc HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  expect(noKey.status).toBe(400);
  const elsewhere = await rawExchange(admin.port, `GET /admin/shop/status HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  expect(elsewhere.status).toBe(401); // the interceptor, as for any /admin request without a token
  const root = await rawExchange(admin.port, `GET /ws/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  expect(root.status).toBe(404);
  expect((await page('ok')).ws.readyState).toBe(WebSocket.OPEN);
});

test('admin.stop closes the pages\' sockets (the server is gone), and they can connect again after a start', async () => {
  const p = await page('p');
  const closed = new Promise<void>((resolve) => p.ws.once('close', () => resolve()));
  await admin.stop();
  await closed;
  expect(admin.openPages).toBe(0);
  await admin.start();
  await page('again');
  expect((await admin.placeOrder()).pushed).toBe(1);
});

/**
 * A raw client that announces one masked text frame of `length` bytes and sends its payload in
 * 1 MiB pieces (a zero mask key: the piece is sent as is, and the client never holds more than one)
 * until the server's close frame comes, or to the end and then closes. Resolves with the close code
 * the server sent, if any.
 */
function hugeFrame(port: number, length: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const piece = Buffer.alloc(1024 * 1024, 0x78);
    let got = Buffer.alloc(0);
    let upgraded = false;
    let sent = 0;
    const more = () => {
      while (upgraded && !socket.destroyed && sent < length) {
        const n = Math.min(piece.length, length - sent);
        sent += n;
        if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) return void socket.once('drain', more);
      }
      if (sent === length) socket.end();
    };
    socket.on('connect', () => socket.write(`GET /ws/huge HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`));
    socket.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      if (upgraded) return void (got.length >= 4 && socket.destroy()); // the close frame: its answer is in

      const end = got.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!got.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) return reject(new Error(`no handshake: ${got.toString()}`));
      got = got.subarray(end + 4);
      upgraded = true;
      const head = Buffer.alloc(14);
      head[0] = 0x81; // FIN, text
      head[1] = 0x80 | 127; // masked, 64-bit length
      head.writeBigUInt64BE(BigInt(length), 2); // the mask key, bytes 10-13, stays zero
      socket.write(head);
      more();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => resolve(got[0] === 0x88 && got.length >= 4 ? got.readUInt16BE(2) : undefined));
  });
}

test('a message up to 8 KiB is taken; a longer one is closed with 1009 (message too big), as Tomcat closes it', async () => {
  const a = await page('a');
  a.ws.send('x'.repeat(MAX_MESSAGE_BYTES));
  await admin.placeOrder();
  await expect.poll(() => a.messages.length).toBe(1); // still open after the longest message
  expect(await hugeFrame(admin.port, MAX_MESSAGE_BYTES + 1)).toBe(1009);
  expect((await admin.placeOrder()).pushed).toBe(1);
});

test('eight 90 MB frames from the pages: each closed with 1009, and the server\'s memory stays where it was', async ({}, testInfo) => {
  testInfo.skip(process.platform !== 'linux', 'reads the server\'s VmRSS in /proc');
  const port = await freePort();
  const main = fileURLToPath(new URL('../../dist/stand-in/admin-server/main.js', import.meta.url));
  const server = execa(process.execPath, [main, '--port', String(port), '--mode', 'ipv4'], { reject: false, buffer: false });
  try {
    await new Promise<void>((resolve) => server.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));
    const warm = new WebSocket(`ws://127.0.0.1:${port}/ws/warm`); // ws loaded, as on a stack with a page open
    await new Promise((resolve) => warm.once('open', resolve));
    const rss = () => memoryOf([server.pid!]).rssKiB;
    const before = rss();
    const codes = await Promise.all(Array.from({ length: 8 }, () => hugeFrame(port, 90_000_000)));
    const after = rss();
    warm.terminate();
    await testInfo.attach('VmRSS of the stand-in, KiB', { body: `before ${before}, after eight 90 MB frames ${after}` });
    expect(codes).toEqual(Array(8).fill(1009));
    // Measured: -1 to +2 MiB with the limit; without it about +770 MiB, still held after the clients left.
    expect(after - before).toBeLessThan(16 * 1024);
  } finally {
    server.kill('SIGTERM');
    await server;
  }
});
