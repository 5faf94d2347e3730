// The control page of `harness up`, in a real browser, on the stack the command runs: a fault
// switched on from the page, its effect in the front end's tab, the proxy's lines on the live
// timeline, the doctor's incident, the restore and the recovery; a worker crashed and replaced; the
// app's actions. `--update-snapshots` also writes the docs' screenshot (docs/images/control-page.png)
// from the admin.stop test on the embedded engine.
import net from 'node:net';
import { writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import type { Up } from '../support/harness-up.js';
import { defaultFrontendRoot, distFile } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';
import { userLine } from '../support/proxy-under-test.js';
import { upWithControl, openControl, controlUrl, inject, marks, incidents } from '../support/control-page.js';
import { login, expectAdminUnreachable, expectPage } from '../../scenarios/steps/browser.js';

let up: Up | undefined;

test.use({ viewport: { width: 1360, height: 900 } });

test.afterEach(async () => {
  up?.child.kill('SIGINT');
  await up?.child;
  up = undefined;
});

test('admin.stop from the page: the front end\'s 502, the refused tries on the timeline, upstream-refused in the diagnosis; restore, and it recovers', async ({ page, context, engine }, testInfo) => {
  // After the restore the proxy keeps each failed peer down for fail_timeout (10 s), as nginx does.
  test.setTimeout(60_000);
  // Run in its own folder with the default prefix, as a user runs it: the page shows `.harness`, no machine path.
  up = await upWithControl(engine, testInfo.outputPath('up'), [], { inDir: true });
  await openControl(page, up);
  await expect(page.getByTestId('admin-mode')).toHaveText('listening on both loopbacks');
  await expect(page.getByText('.harness/logs/error.log', { exact: false })).toBeVisible();

  await expect(await inject(page, 'admin.stop')).toContainText('admin.stop applied');
  await expect(page.getByTestId('applied')).toContainText('admin.stop');
  await expect(page.getByTestId('admin-mode')).toHaveText('not listening (down)');
  await expect(marks(page, 'harness')).toContainText(['⚡ admin.stop']);

  // The second tab is the one the page's button opens.
  const [front] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open the front end ↗' }).click()]);
  await expect(front).toHaveURL(new RegExp(`^http://localhost:${up.port}/`));
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
  const shot = await page.screenshot();
  await testInfo.attach('control page after admin.stop', { body: shot, contentType: 'image/png' });
  if (engine === 'embedded' && ['all', 'changed'].includes(testInfo.config.updateSnapshots)) writeFileSync(new URL('../../docs/images/control-page.png', import.meta.url), shot);

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
  await testInfo.attach('control page after the recovery', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('proxy.crash-worker from the page: the worker\'s pid changes, and the crash and its successor are listed as they happen', async ({ page, engine }, testInfo) => {
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  const pids = page.getByTestId('worker-pids');
  await expect(pids).toHaveText(/^\d+$/);
  const before = Number(await pids.textContent());

  await expect(await inject(page, 'proxy.crash-worker', { 'signal-or-code': 'SIGKILL' })).toContainText('proxy.crash-worker SIGKILL applied');
  await expect(pids).not.toHaveText(String(before));
  await expect(pids).toHaveText(/^\d+$/);
  const after = Number(await pids.textContent());
  // One change (`gone → started`) or two, as the pid check saw the exit and the respawn.
  await expect(page.getByTestId('worker-changes')).toContainText(`${before} gone`);
  await expect(page.getByTestId('worker-changes').locator('li').first()).toHaveText(new RegExp(`${after} started$`));
  await expect(marks(page, 'error-log').filter({ hasText: `worker process ${before} exited on signal 9` })).toHaveCount(1);
});

test('Undo beside one applied fault undoes that one only; Restore all the rest; an id no longer applied is refused', async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the faults applied are the control channel\'s, whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  await expect(await inject(page, 'proxy.fail-respawn')).toContainText('proxy.fail-respawn applied');
  await expect(await inject(page, 'admin.stop')).toContainText('admin.stop applied');
  const applied = page.getByTestId('applied');
  await expect(applied.locator('li code')).toHaveText(['proxy.fail-respawn', 'admin.stop']);

  await applied.getByTestId('applied-proxy.fail-respawn').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#restore-result')).toHaveText('undid proxy.fail-respawn');
  await expect(applied.locator('li code')).toHaveText(['admin.stop']);
  await expect(page.getByTestId('admin-mode')).toHaveText('not listening (down)');

  const again = await page.evaluate(() =>
    fetch('/restore', { method: 'POST', headers: { 'x-harness-token': sessionStorage.getItem('harness-control-token')!, 'content-type': 'application/json' }, body: JSON.stringify({ id: 1 }) }).then(async (r) => ({ status: r.status, body: await r.json() })),
  );
  expect(again).toEqual({ status: 404, body: { error: 'no fault 1 is applied (undone already?): the faults applied now are 2 admin.stop.' } });

  await page.getByTestId('restore').click();
  await expect(page.locator('#restore-result')).toHaveText('restored: undid admin.stop');
  await expect(applied).toHaveText('none');
  await expect(page.getByTestId('admin-mode')).toHaveText('listening on both loopbacks');
});

test('a fault\'s count on the page follows it as it acts on requests, as harness chaos status says it', async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the count is the admin stand-in\'s, whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  await expect(await inject(page, 'admin.reset', { path: '/admin/shop/**', times: '2' })).toContainText('admin.reset --path /admin/shop/** --times 2 applied');
  const progress = page.getByTestId('applied-admin.reset --path /admin/shop/** --times 2').locator('small');
  await expect(progress).toHaveText(/^ ?acted on 0 of 2 requests, 0 matched its --path$/);
  // The front end's shop status call, reset twice (and tried again by the proxy where it may be); then answered.
  const status = () => execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'status', '--prefix', up!.prefix]).then((r) => r.stdout);
  await expect(async () => {
    await fetch(`http://127.0.0.1:${up!.port}/api/shop/status`).catch(() => undefined);
    expect(await status()).toContain('acted on 2 of 2 requests (used up)');
  }).toPass();
  const said = /acted on 2 of 2 requests \(used up\), \d+ matched its --path/.exec(await status())![0];
  await expect(progress).toHaveText(` ${said}`);
});

test('a bad value in a fault\'s form gets the message harness chaos inject gives for it, word for word', async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the faults\' checks are the same whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  const cli = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'inject', 'proxy.crash-worker', 'SIGBOGUS', '--prefix', up.prefix], { reject: false });
  expect(cli.exitCode).toBe(2);
  const said = await inject(page, 'proxy.crash-worker', { 'signal-or-code': 'SIGBOGUS' });
  await expect(said).toHaveClass(/error/);
  expect(`harness: ${await said.textContent()}`).toBe(cli.stderr);
  await expect(page.getByTestId('applied')).toHaveText('none');
});

test('the app\'s actions from the page: a new order, a reminder for it and a reset, each answered and on the timeline; a bad order id gets the harness\'s message', async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the app\'s actions act on the admin stand-in, whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  await openControl(page, up);
  const result = page.locator('#app-result');

  await page.getByTestId('app-order').click();
  await expect(result).toHaveText(/^order \d+ placed and paid \(订单号 \d+\): it waits as 待接单; 来单提醒 pushed to 0 open admin page\(s\)\.$/);
  const id = Number(/^order (\d+)/.exec((await result.textContent())!)![1]);
  await expect(marks(page, 'harness').filter({ hasText: `→ app order: order ${id}` })).toHaveCount(1);

  const remind = page.locator('#app-remind');
  await remind.getByLabel('Reminder for order').fill(String(id));
  await remind.getByRole('button', { name: 'Remind' }).click();
  await expect(result).toHaveText(new RegExp(`^催单 for order ${id} \\(订单号 \\d+\\) pushed to 0 open admin page\\(s\\)\\.$`));
  await expect(marks(page, 'harness').filter({ hasText: `→ app remind: order ${id}` })).toHaveCount(1);

  await remind.getByLabel('Reminder for order').fill('x1');
  await remind.getByRole('button', { name: 'Remind' }).click();
  await expect(result).toHaveText('an order id is a whole number from 1 up, not "x1"');

  await page.getByTestId('app-reset').click();
  await expect(result).toHaveText('the admin stand-in is back to its seed.');
  await expect(marks(page, 'harness').filter({ hasText: '→ app reset' })).toHaveCount(1);
  // Back to the seed: the order placed is gone.
  await remind.getByLabel('Reminder for order').fill(String(id));
  await remind.getByRole('button', { name: 'Remind' }).click();
  await expect(result).toContainText(`there is no order ${id} (订单不存在)`);
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
  expect(r.exitCode).toBe(143);
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

test('a user\'s conf: the page\'s front end is the one the stack serves (the course\'s conf with --frontend), and none where / has no index.html', async ({ page, engine }, testInfo) => {
  const port = await freePort();
  const course = testInfo.outputPath('course.conf');
  writeFileSync(course, `${userLine()}events {}\nhttp {\n  server {\n    listen 127.0.0.1:${port};\n    location / { root html/sky; index index.html; }\n  }\n}\n`);
  up = await upWithControl(engine, testInfo.outputPath('course'), ['--nginx-conf', course, '--frontend', defaultFrontendRoot]);
  await openControl(page, up);
  await expect(page.getByRole('link', { name: 'Open the front end ↗' })).toHaveAttribute('href', `http://localhost:${port}/`);
  await expect(page.locator('#components-list')).toContainText(`front endhttp://localhost:${port}/ from stand-in/frontend`);
  up.child.kill('SIGINT');
  await up.child;

  const api = testInfo.outputPath('api.conf');
  writeFileSync(api, `${userLine()}events {}\nhttp {\n  server {\n    listen 127.0.0.1:${port};\n    location /api/ { proxy_pass http://127.0.0.1:1/; }\n  }\n}\n`);
  up = await upWithControl(engine, testInfo.outputPath('api'), ['--nginx-conf', api]);
  await openControl(page, up);
  await expect(page.getByRole('link', { name: 'Open the front end ↗' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.locator('#components-list')).toContainText('none the harness knows of (your conf decides what / serves)');
});

test('a server the harness started (--admin-command): the page names it, and when it ends by itself, when and how, on the panel and the timeline', async ({ page, engine }, testInfo) => {
  const upstream = await freePort();
  const server = `${process.execPath} tests/support/slow-admin-server.cjs --port ${upstream} --exit-after 4000`;
  up = await upWithControl(engine, testInfo.outputPath('up'), ['--admin-upstream', String(upstream), '--admin-command', server]);
  await openControl(page, up);
  await expect(page.getByTestId('admin-command')).toHaveText(new RegExp(`^started by the harness: .*slow-admin-server\\.cjs --port ${upstream} --exit-after 4000, pid \\d+$`));
  await expect(page.getByTestId('admin-command')).toHaveText(/; it ended at \d\d:\d\d:\d\d with exit code 3$/, { timeout: 15_000 });
  await expect(marks(page, 'harness')).toContainText([/your admin server \(pid \d+\) ended with exit code 3/]);
});
