// The pass-through's own connections to the user's server: kept alive, and a kept one that the
// server closes just as it is reused is not taken for a failure of the server.
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { passThroughTo } from '../../tests/support/own-server.js';
import { exchange, upstreamRequest } from '../../tests/support/stand-in.js';
import { freePort } from '../../tests/support/ports.js';

test('a kept connection the user\'s server closes as it is reused: the GET goes again on a new one and is answered; nginx never sees the close', async () => {
  // Answers the first request of each connection, keeping it open; closes it, unanswered, at its second.
  const seen: number[] = [];
  const server = net.createServer((socket) => {
    const conn = seen.push(0) - 1;
    socket.on('data', (d) => {
      seen[conn] += d.toString('latin1').split('\r\n\r\n').length - 1;
      if (seen[conn] === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nKeep-Alive: timeout=60\r\n\r\nok');
      else socket.destroy();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port }, resolve));
  const behind = await passThroughTo(port);
  try {
    const get = () => exchange(behind.port, upstreamRequest('GET', '/admin/employee/page', behind.port)).then((r) => r.bytes.toString('latin1'));
    expect(await get()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
    expect(await get()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
    // The first connection was reused (its second request closed it), the retry went on a new one.
    expect(seen).toEqual([2, 1]);
  } finally {
    await behind.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
