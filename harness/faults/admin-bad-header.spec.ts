import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
import { BAD_HEADER_ANSWER } from './admin-bad-header.js';

test('admin.bad-header: a valid status line, then a header whose name has a space, then a close', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.bad-header --path /admin/employee/page');
    const port = s.admin.port;
    const r = await exchange(port, upstreamRequest('GET', '/admin/employee/page?page=1&pageSize=10', port));
    expect(r.ended).toBe('end');
    expect(r.bytes.toString('latin1')).toBe(BAD_HEADER_ANSWER);
    expect(BAD_HEADER_ANSWER).toMatch(/^HTTP\/1\.1 200 OK\r\nContent Type: /);
    // Another path gets the controller's answer.
    const login = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, '{"username":"admin","password":"123456"}'));
    expect(login.bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*"code":1/);
  } finally {
    await s.close();
  }
});
