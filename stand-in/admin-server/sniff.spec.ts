// The sniffers of the pass-through's fast path: a request is read only when it is whole in the
// connection's first bytes and is the connection's last; a status from the answer's first bytes; the
// request as sent on a kept connection, and where its answer ends.
import { test, expect } from '@playwright/test';
import { answerLength, keptAlive, lastRequest, statusOf } from './sniff.js';

const head = (...lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');

test('a request line of nginx\'s default to an upstream (HTTP/1.0, Connection: close), with its body or without', () => {
  const nginx = head('GET /admin/employee/page?page=1 HTTP/1.0', 'Host: localhost:8080', 'Connection: close');
  expect(lastRequest(nginx)).toEqual({ method: 'GET', url: '/admin/employee/page?page=1', httpVersion: '1.0' });
  const post = Buffer.concat([head('POST /admin/employee/login HTTP/1.0', 'Host: x', 'Content-Length: 2'), Buffer.from('{}')]);
  expect(lastRequest(post)).toEqual({ method: 'POST', url: '/admin/employee/login', httpVersion: '1.0' });
  expect(lastRequest(head('DELETE /admin/x HTTP/1.1', 'Host: x', 'connection:  TE, Close '))).toEqual({ method: 'DELETE', url: '/admin/x', httpVersion: '1.1' });
});

test('not the connection\'s last, an upgrade, or malformed: not read (the HTTP server takes it)', () => {
  expect(lastRequest(head('GET /admin/x HTTP/1.1', 'Host: x'))).toBeUndefined();
  expect(lastRequest(head('GET /admin/x HTTP/1.0', 'Host: x', 'Connection: keep-alive'))).toBeUndefined();
  expect(lastRequest(head('GET /ws/1 HTTP/1.1', 'Upgrade: websocket', 'Connection: Upgrade, close'))).toBeUndefined();
  expect(lastRequest(head('GET /admin/x HTTP/2.0', 'Connection: close'))).toBeUndefined();
  expect(lastRequest(head('GET /admin/x HTTP/1.0', 'Host : x'))).toBeUndefined();
  expect(lastRequest(head('GET /admin/x HTTP/1.0', 'X-Folded: a', ' b'))).toBeUndefined();
});

test('a head split across chunks: not read from its first chunk', () => {
  const whole = head('GET /admin/x HTTP/1.0', 'Host: x', 'Connection: close');
  for (const cut of [5, 30, whole.length - 2]) expect(lastRequest(whole.subarray(0, cut)), `${cut} bytes`).toBeUndefined();
  expect(lastRequest(whole)).toEqual({ method: 'GET', url: '/admin/x', httpVersion: '1.0' });
});

test('a status line, once its 12 bytes have come; none in an answer that is not HTTP', () => {
  expect(statusOf(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'))).toBe(200);
  expect(statusOf(Buffer.from('HTTP/1.0 502\r\n'))).toBe(502);
  expect(statusOf(Buffer.from('HTTP/1.1 40'))).toBeUndefined();
  expect(statusOf(Buffer.from('HTTP/1.1 404 Not Found\r\n'))).toBe(404);
  expect(statusOf(Buffer.from('\x9b\x01garbage bytes of admin.garbage'))).toBeNull();
});

test('the request on a kept connection: Connection: keep-alive in place of its own, its body whole or not at all', () => {
  const get = head('GET /admin/x HTTP/1.0', 'Host: x', 'Connection: close');
  expect(keptAlive(get)?.toString('latin1')).toBe('GET /admin/x HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
  const post = head('POST /admin/x HTTP/1.0', 'Host: x', 'Content-Length: 4', 'Connection: close');
  expect(keptAlive(Buffer.concat([post, Buffer.from('{"a"')]))?.toString('latin1')).toBe('POST /admin/x HTTP/1.0\r\nHost: x\r\nContent-Length: 4\r\nConnection: keep-alive\r\n\r\n{"a"');
  expect(keptAlive(Buffer.concat([post, Buffer.from('{"')]))).toBeUndefined();
  expect(keptAlive(Buffer.concat([head('POST /admin/x HTTP/1.1', 'Transfer-Encoding: chunked', 'Connection: close'), Buffer.from('0\r\n\r\n')]))).toBeUndefined();
});

test('where an answer ends: its head and Content-Length, on a connection it keeps; not said otherwise; not known before its head has come', () => {
  const answer = (...lines: string[]) => head(...lines);
  expect(answerLength(answer('HTTP/1.1 200 OK', 'Content-Length: 5'), 'GET')).toBe(43); // 38 of head, 5 of body
  expect(answerLength(answer('HTTP/1.0 200 OK', 'Connection: keep-alive', 'Content-Length: 5'), 'GET')).toBe(67);
  expect(answerLength(answer('HTTP/1.1 200 OK', 'Content-Length: 5'), 'HEAD')).toBe(38);
  expect(answerLength(answer('HTTP/1.1 304 Not Modified', 'Content-Length: 5'), 'GET')).toBe(48);
  expect(answerLength(answer('HTTP/1.1 200 OK', 'Content-Length: 5', 'Connection: close'), 'GET')).toBeNull();
  expect(answerLength(answer('HTTP/1.0 200 OK', 'Content-Length: 5'), 'GET')).toBeNull();
  expect(answerLength(answer('HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'), 'GET')).toBeNull();
  expect(answerLength(answer('HTTP/1.1 200 OK', 'Content-Length: 5', 'Content-Length: 6'), 'GET')).toBeNull();
  expect(answerLength(answer('HTTP/1.1 200 OK'), 'GET')).toBeNull();
  expect(answerLength(Buffer.from('HTTP/1.1 200 OK\r\nContent-Len'), 'GET')).toBeUndefined();
  expect(answerLength(Buffer.from('\x9b\x01garbage\r\n\r\n'), 'GET')).toBeNull();
});
