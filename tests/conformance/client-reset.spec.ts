// A client that resets its connection mid-request, and one that speaks TLS to the plain-HTTP port
// (https:// typed for an http:// port): nginx's [info] lines and access-log lines for each.
import net from 'node:net';
import { test, expect } from '../fixtures.js';

/**
 * Writes `bytes` and, once the kernel has them, resets the connection (TCP keeps their order: the
 * proxy reads them, then the reset); or, `end`, closes it and reads the answer. With `until`, it
 * waits for the answer to hold that text before resetting, and `before` runs first (say, waiting
 * for the upstream to have the request).
 */
function send(port: number, bytes: Buffer, how: 'reset' | 'end', o: { until?: string; before?: () => Promise<unknown> } = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const got: Buffer[] = [];
    let done = false;
    const finish = async () => {
      if (done) return;
      done = true;
      await o.before?.();
      if (how === 'reset') c.resetAndDestroy();
      else c.end();
    };
    const c = net.connect({ host: '127.0.0.1', port }, () => c.write(bytes, () => void (o.until === undefined && finish())));
    c.on('data', (d) => {
      got.push(d);
      if (o.until !== undefined && Buffer.concat(got).includes(o.until)) void finish();
    });
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

test('a reset before any byte: [info] recv() failed ... while waiting for request; after a request, on the kept-alive connection: "closed keepalive connection" with the errno', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  await send(p.port, Buffer.alloc(0), 'reset');
  // Reset once the answer is in: the connection waits, kept alive, for the next request.
  await send(p.port, Buffer.from('GET /50x.html HTTP/1.1\r\nHost: a\r\n\r\n'), 'reset', { until: '</html>' });
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      'TIME [info] PID: *2 recv() failed (104: Connection reset by peer) while waiting for request, client: 127.0.0.1, server: 127.0.0.1:P',
      'TIME [info] PID: *3 client 127.0.0.1 closed keepalive connection (104: Connection reset by peer)',
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /50x.html HTTP/1.1" 200 494 "-" "-"']);
});

test('a reset in the middle of a request body: [info] recv() failed (104: ...) with no action, a 400', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  await send(p.port, Buffer.from('POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nabc'), 'reset');
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 recv() failed (104: Connection reset by peer), client: 127.0.0.1, server: localhost, request: "POST /api/x HTTP/1.1", host: "a"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/x HTTP/1.1" 400 0 "-" "-"']);
  expect(p.upstream.received).toEqual([]);
});

test('a reset while the upstream has not answered: [info] epoll_wait() reported ... (104: Connection reset by peer), 499', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  p.upstream.behaviour = { kind: 'hang' };
  // Reset once the upstream has the whole request: nginx waits for its answer.
  await send(p.port, Buffer.from('GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n'), 'reset', { before: () => expect.poll(() => p.upstream.received.length).toBe(1) });
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      'TIME [info] PID: *2 epoll_wait() reported that client prematurely closed connection, so upstream connection is closed too (104: Connection reset by peer) while sending request to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", upstream: "http://[::1]:U/admin/x", host: "a"',
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 499 0 "-" "-"']);
});

test('Windows profile: WSARecv() failed (10054: ...), and select()\'s "client prematurely closed connection, so upstream connection is closed too"', async ({ startProxy, engine }) => {
  test.skip(engine === 'nginx', 'real nginx on Linux writes Linux wording');
  const p = await startProxy({ errorLogLevel: 'info', os: 'windows' });
  p.upstream.behaviour = { kind: 'hang' };
  await send(p.port, Buffer.from('GET /x HT'), 'reset');
  await send(p.port, Buffer.from('GET /50x.html HTTP/1.1\r\nHost: a\r\n\r\n'), 'reset', { until: '</html>' });
  await send(p.port, Buffer.from('POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nabc'), 'reset');
  await send(p.port, Buffer.from('GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n'), 'reset', { before: () => expect.poll(() => p.upstream.received.length).toBe(1) });
  const reset = '(10054: An existing connection was forcibly closed by the remote host)';
  await expect
    .poll(() => p.requestLog().map((l) => l.replace(/\r$/, '')))
    .toEqual([
      `TIME [info] PID: *2 WSARecv() failed ${reset} while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /x HT"`,
      `TIME [info] PID: *3 client 127.0.0.1 closed keepalive connection ${reset}`,
      `TIME [info] PID: *4 WSARecv() failed ${reset}, client: 127.0.0.1, server: localhost, request: "POST /api/x HTTP/1.1", host: "a"`,
      `TIME [info] PID: *5 client prematurely closed connection, so upstream connection is closed too ${reset} while sending request to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", upstream: "http://[::1]:U/admin/x", host: "a"`,
    ]);
});

test('a TLS ClientHello on the plain-HTTP port: 400, and [info] "client sent invalid method"', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info' });
  const hello = Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]);
  const answer = await send(p.port, hello, 'end');
  expect(answer.toString('latin1')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  await expect.poll(() => p.requestLog()).toEqual(['TIME [info] PID: *2 client sent invalid method while reading client request line, client: 127.0.0.1, server: localhost, request: "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "\\x16\\x03\\x01\\x00\\xA5\\x01\\x00\\x00\\xA1\\x03\\x03" 400 157 "-" "-"']);
});
