import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

const LOGIN = '{"username":"admin","password":"123456"}';

test('admin.truncate BYTES: the head with the whole body\'s Content-Length, then BYTES of the body, then a close', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    const whole = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN))).bytes);
    // The stand-in streams JSON as Tomcat does: no Content-Length, the body ends with the connection.
    expect(whole.head).not.toMatch(/content-length/i);
    expect(whole.body.length).toBeGreaterThan(100);

    await s.inject('admin.truncate 10');
    const cut = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN));
    const { head, body } = split(cut.bytes);
    expect(cut.ended).toBe('end');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toContain(`\r\nContent-Length: ${whole.body.length}`);
    expect(body).toEqual(whole.body.subarray(0, 10));
    // An answer shorter than BYTES comes whole, with its length.
    await s.faults.restore();
    await s.inject('admin.truncate 100000');
    const all = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN))).bytes);
    expect(all.body).toEqual(whole.body);
    expect(all.head).toContain(`\r\nContent-Length: ${whole.body.length}`);
  } finally {
    await s.close();
  }
});

test('admin.truncate 0 on a 401: the head, no body, a close', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.truncate 0');
    const r = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    const { head, body } = split(r.bytes);
    expect(head).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(head).toContain('\r\nContent-Length: 0');
    expect(body).toHaveLength(0);
    expect(r.ended).toBe('end');
  } finally {
    await s.close();
  }
});
