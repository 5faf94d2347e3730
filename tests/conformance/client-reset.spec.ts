// A client that resets its connection mid-request, and one that speaks TLS to the plain-HTTP port
// (https:// typed for an http:// port): nginx's [info] lines and access-log lines for each.
import net from 'node:net';
import { test, expect } from '../fixtures.js';

/** Writes `bytes`, waits a moment, then resets the connection (or, `end`, closes it and reads the answer). */
function send(port: number, bytes: Buffer, how: 'reset' | 'end'): Promise<Buffer> {
  return new Promise((resolve) => {
    const got: Buffer[] = [];
    const c = net.connect({ host: '127.0.0.1', port }, () => {
      c.write(bytes);
      setTimeout(() => (how === 'reset' ? c.resetAndDestroy() : c.end()), 100);
    });
    c.on('data', (d) => got.push(d));
    c.on('error', () => undefined);
    c.on('close', () => resolve(Buffer.concat(got)));
  });
}

test('a reset in the request line, or in the headers: [info] recv() failed (104: Connection reset by peer), a 400 of 0 bytes', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  await send(p.port, Buffer.from('GET /x HT'), 'reset');
  await send(p.port, Buffer.from('GET /x HTTP/1.1\r\nHost: a\r\n'), 'reset');
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      'TIME [info] PID: *2 recv() failed (104: Connection reset by peer) while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /x HT"',
      'TIME [info] PID: *3 recv() failed (104: Connection reset by peer) while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /x HTTP/1.1", host: "a"',
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HT" 400 0 "-" "-"', '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 400 0 "-" "-"']);
});

test('a TLS ClientHello on the plain-HTTP port: 400, and [info] "client sent invalid method"', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  const hello = Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]);
  const answer = await send(p.port, hello, 'end');
  expect(answer.toString('latin1')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  await expect.poll(() => p.requestLog()).toEqual(['TIME [info] PID: *2 client sent invalid method while reading client request line, client: 127.0.0.1, server: localhost, request: "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "\\x16\\x03\\x01\\x00\\xA5\\x01\\x00\\x00\\xA1\\x03\\x03" 400 157 "-" "-"']);
});
