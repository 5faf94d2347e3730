// The course's built front end (its stand-in: a bundle that dials ws://localhost/ws/, port 80
// written in) in a real browser on a port other than 80: the order reminder (来单提醒) arrives, with
// the harness's conf and with the course's own conf (root html/sky), on each project's engine; and
// where the harness serves the user's folder as it is, the page shows the course's error instead.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.js';
import type { Stack } from '../../harness/stack/stack.js';
import { COURSE_CONF } from '../support/course-conf.js';
import { userLine } from '../support/proxy-under-test.js';
import { freePort } from '../support/ports.js';
import { repoRoot } from '../../harness/paths.js';
import { canBind } from '../../harness/ports.js';

const COURSE_FRONTEND = join(repoRoot, 'tests', 'fixtures', 'course-frontend');

/** The course's conf on `port`, its `location /` root given by `root`. */
async function courseConf(file: string, root: string): Promise<{ nginxConf: string; adminPort: number }> {
  const [port, adminPort] = [await freePort(), await freePort()];
  writeFileSync(file, userLine() + COURSE_CONF.replace('listen       80;', `listen       ${port};`).replaceAll(':8080', `:${adminPort}`).replace('root   html/sky;', `root   ${root};`));
  return { nginxConf: file, adminPort };
}

/** The page open on the stack's front end, its socket open, then a customer's paid order. */
async function orderOnOpenPage(page: Page, stack: Stack) {
  await page.goto(stack.frontend!.url!);
  await expect(page.locator('#app')).toHaveAttribute('data-socket', 'open');
  await expect.poll(() => stack.admin!.openPages).toBe(1);
  return (await stack.admin!.placeOrder()).order;
}

test('the harness\'s conf, --frontend on a port other than 80: the reminder arrives', async ({ page, startStack }, testInfo) => {
  const frontendRoot = testInfo.outputPath('sky');
  cpSync(COURSE_FRONTEND, frontendRoot, { recursive: true });
  const stack = await startStack({ frontendRoot });
  expect(stack.spec.proxyPort).not.toBe(80);
  const order = await orderOnOpenPage(page, stack);
  await expect(page.locator('.reminder')).toHaveText(`来单提醒 订单号：${order.number}`);
  await expect(page.locator('.error')).toHaveCount(0);
});

test('the course\'s conf (root html/sky) with --frontend on a port other than 80: the reminder arrives', async ({ page, startStack }, testInfo) => {
  const stack = await startStack({ ...(await courseConf(testInfo.outputPath('nginx.conf'), 'html/sky')), frontendRoot: COURSE_FRONTEND });
  const order = await orderOnOpenPage(page, stack);
  await expect(page.locator('.reminder')).toHaveText(`来单提醒 订单号：${order.number}`);
  await expect(page.locator('.error')).toHaveCount(0);
});

test('a conf whose root is the front end itself, on a port other than 80: served as it is, the socket dials port 80 and the page shows the course\'s error', async ({ page, startStack }, testInfo) => {
  const free = await Promise.all(['127.0.0.1', '::1'].map(async (h) => (await canBind(h, 80)).ok));
  testInfo.skip(free.includes(false), 'something listens on port 80 here: the bundle\'s socket would reach it');
  const notes: string[] = [];
  const stack = await startStack({ ...(await courseConf(testInfo.outputPath('nginx.conf'), COURSE_FRONTEND)), frontendRoot: COURSE_FRONTEND, onNote: (t) => notes.push(t) });
  expect(notes).toContain(
    `your front end dials ws://localhost/ws/ (port 80) and your conf serves it as it is on port ${new URL(stack.frontend!.url!).port}: order reminders (来单提醒) will not arrive. Listen on 80, or point the root elsewhere and give --frontend ${COURSE_FRONTEND}.`,
  );
  await page.goto(stack.frontend!.url!);
  await expect(page.locator('.error')).toHaveText('服务器错误，无法接收实时报警信息');
  expect(readFileSync(join(COURSE_FRONTEND, 'js', 'app.js'), 'utf8')).toContain('"ws://localhost/ws/"');
});
