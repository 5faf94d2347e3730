import { test, expect } from '@playwright/test';
import { exchange, NOW, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.status CODE: the answer the real server gives with that status: Spring Boot\'s error JSON, or an empty 401 or 503', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.status 500 --path /admin/employee/page');
    const r500 = split((await exchange(port, upstreamRequest('GET', '/admin/employee/page?page=1&pageSize=10', port))).bytes);
    expect(r500.head).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\nContent-Type: application\/json\r\n/);
    expect(r500.body.toString()).toBe(`{"timestamp":${NOW},"status":500,"error":"Internal Server Error","path":"/admin/employee/page"}`);
    await s.faults.restore();
    for (const code of [503, 401]) {
      await s.inject(`admin.status ${code}`);
      const r = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, '{}'))).bytes);
      expect(r.head).toMatch(new RegExp(`^HTTP/1\\.1 ${code} `));
      expect(r.head).toContain('\r\nContent-Length: 0');
      expect(r.body).toHaveLength(0);
      await s.faults.restore();
    }
    await s.inject('admin.status 404');
    const r404 = split((await exchange(port, upstreamRequest('GET', '/admin/employee/page', port))).bytes);
    expect(r404.body.toString()).toBe(`{"timestamp":${NOW},"status":404,"error":"Not Found","path":"/admin/employee/page"}`);
  } finally {
    await s.close();
  }
});
