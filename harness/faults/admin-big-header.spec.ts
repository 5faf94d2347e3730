import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.big-header [BYTES]: the controller\'s answer with a Set-Cookie of BYTES added to its head', async () => {
  const s = await startStandIn();
  try {
    const port = s.port;
    await s.inject('admin.big-header 5000');
    const { head, body } = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, '{"username":"admin","password":"123456"}'))).bytes);
    const cookie = head.split('\r\n').find((l) => l.startsWith('Set-Cookie: '))!;
    expect(cookie).toBe(`Set-Cookie: SESSION=${'x'.repeat(5000 - 'SESSION='.length)}`);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(body.toString()).toMatch(/^\{"code":1,/);
  } finally {
    await s.close();
  }
});
