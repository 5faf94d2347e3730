// What a user writes with the fixture: the admin app in a browser, the API, a fault, on the
// worker's stack (baseURL is the stack's URL).
import { test, expect } from 'sky-harness/test';

const login = { data: { username: 'admin', password: '123456' } };

test('the admin app opens, and the login answers', async ({ page, request, stack }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('苍穹外卖');
  const r = await request.post('/api/employee/login', login);
  expect(r.status()).toBe(200);
  expect((await r.json()).code).toBe(1);
  expect(stack.url).toMatch(/^http:\/\/localhost:\d+\/$/);
});

test('a fault on the stack: the admin server answers 503 in place of the login', async ({ request, stack }) => {
  const injected = await stack.inject('admin.status', '503', '--path', '/admin/employee/login');
  expect(injected.applied).toBe('admin.status 503 --path /admin/employee/login');
  expect((await request.post('/api/employee/login', login)).status()).toBe(503);
});

test('the fixture undid the last test\'s fault: the same stack logs in again', async ({ request }) => {
  expect((await request.post('/api/employee/login', login)).status()).toBe(200);
});
