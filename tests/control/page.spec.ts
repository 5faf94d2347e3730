// The control page of `harness up`, in a real browser, on the stack the command runs: a fault
// switched on from the page, its effect in the front end's tab, the proxy's lines on the live
// timeline, the doctor's incident, the restore and the recovery; a worker crashed and replaced.
import net from 'node:net';
import { test, expect } from '../fixtures.js';
import type { Up } from '../support/harness-up.js';
import { upWithControl, openControl, controlUrl, inject, marks, incidents } from '../support/control-page.js';
import { login, expectAdminUnreachable, expectPage } from '../../scenarios/steps/browser.js';

let up: Up | undefined;

test.afterEach(async () => {
  up?.child.kill('SIGINT');
  await up?.child;
  up = undefined;
});

test('admin.stop from the page: the front end\'s 502, the refused tries on the timeline, upstream-refused in the diagnosis; restore, and it recovers', async ({ page, context, engine }, testInfo) => {
  // After the restore the proxy keeps each failed peer down for fail_timeout (10 s), as nginx does.
  test.setTimeout(60_000);
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  await expect(page.getByTestId('admin-mode')).toHaveText('listening on both loopbacks');

  await expect(await inject(page, 'admin.stop')).toContainText('admin.stop applied');
  await expect(page.getByTestId('applied')).toContainText('admin.stop');
  await expect(page.getByTestId('admin-mode')).toHaveText('not listening (down)');
  await expect(marks(page, 'harness')).toContainText(['⚡ admin.stop']);

  const front = await context.newPage();
  await login(front, `http://localhost:${up.port}/`);
  await expectAdminUnreachable(front);

  await page.bringToFront();
  // nginx's two tries, one per loopback, each refused; the browser's request they belong to, answered 502.
  await expect(marks(page, 'error-log').filter({ hasText: 'refused [::1]' })).not.toHaveCount(0);
  await expect(marks(page, 'error-log').filter({ hasText: 'refused 127.0.0.1' })).not.toHaveCount(0);
  await expect(marks(page, 'browser').filter({ hasText: '502 POST login' })).toHaveCount(1);
  const incident = incidents(page).filter({ has: page.locator('.condition', { hasText: 'upstream-refused' }) });
  await expect(incident).toHaveCount(1);
  await expect(incident).toContainText(/refused/);

  // A click on the 502 shows the request with each of its lines.
  await marks(page, 'browser').filter({ hasText: '502 POST login' }).click();
  const detail = page.getByTestId('timeline-detail');
  await expect(detail).toContainText('POST /api/employee/login');
  await expect(detail).toContainText('connect() failed');
  await expect(detail.locator('li')).toHaveCount(4); // the request, two refused tries, the access line

  await page.getByTestId('restore').click();
  await expect(page.locator('#restore-result')).toHaveText('restored: undid admin.stop');
  await expect(page.getByTestId('applied')).toHaveText('none');
  await expect(page.getByTestId('admin-mode')).toHaveText('listening on both loopbacks');

  await front.bringToFront();
  await expect(async () => {
    await login(front, `http://localhost:${up!.port}/`);
    await expectPage(front, 1, 10);
  }).toPass({ timeout: 25_000, intervals: [1000] });
  await page.bringToFront();
  await expect(marks(page, 'browser').filter({ hasText: '200 POST login' })).not.toHaveCount(0);
  await testInfo.attach('control page', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('proxy.crash-worker from the page: the worker\'s pid changes, and the crash and its successor are listed as they happen', async ({ page, engine }, testInfo) => {
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  const pids = page.getByTestId('worker-pids');
  await expect(pids).toHaveText(/^\d+$/);
  const before = Number(await pids.textContent());

  await expect(await inject(page, 'proxy.crash-worker', { 'SIGNAL-OR-CODE': 'SIGKILL' })).toContainText('proxy.crash-worker applied');
  await expect(pids).not.toHaveText(String(before));
  await expect(pids).toHaveText(/^\d+$/);
  const after = Number(await pids.textContent());
  await expect(page.getByTestId('worker-changes').locator('li').first()).toHaveText(new RegExp(`${before} gone → ${after} started$`));
  await expect(marks(page, 'error-log').filter({ hasText: `worker process ${before} exited on signal 9` })).toHaveCount(1);
});

test('when the stack stops the open page is told why, its stream ends, and the channel\'s port is closed with the rest', async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the control channel is the same whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  const port = Number(new URL(controlUrl(up)).port);
  await openControl(page, up);
  up.child.kill('SIGTERM');
  await expect(page.locator('#connection')).toHaveAttribute('data-state', 'stopped');
  await expect(page.getByTestId('stopped')).toHaveText('The stack stopped: harness up is stopping (SIGTERM). Start it again with npx harness up, and open the control URL it prints.');
  await expect(page.getByRole('button', { name: 'Restore all' })).toBeDisabled();
  const r = await up.child;
  expect(r.exitCode).toBe(0);
  up = undefined;
  expect(await canConnect(port)).toBe(false);
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}
