// A user's test against the stack Playwright's webServer started.
import { test, expect } from '@playwright/test';

test('the stack the webServer started answers the login', async ({ request }) => {
  const r = await request.post('/api/employee/login', { data: { username: 'admin', password: '123456' } });
  expect(r.status()).toBe(200);
  expect((await r.json()).data.name).toBe('管理员');
});
