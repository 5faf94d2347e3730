// What each page of the course's real front end calls when it loads, made from a
// browser through the proxy (each project's engine) to the stand-in, and each answer checked for
// what that page needs (tests/support/course-pages.ts). Then the order WebSocket through
// `location /ws/`, and an image uploaded and shown through `/api/`.
import { test, expect } from '../fixtures.js';
import { coursePageCalls, expectPageCalls, expectWorkbook, loggedIn, newestOrder, openOrderSocket, setmealId, socketMessages } from '../support/course-pages.js';

test('every page\'s calls on load answer as the page needs', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack.url);
  const pages = coursePageCalls({ orderId: (await newestOrder(page, token)).id, setmealId: await setmealId(page, token) });
  await expectPageCalls(page, token, pages);
  await expectWorkbook(page, token);
});

test('the order WebSocket through location /ws/: the page\'s socket opens, and a paid order arrives as type 1', async ({ page, startStack }) => {
  const stack = await startStack();
  await page.goto(stack.url);
  await openOrderSocket(page, stack.spec.proxyPort);
  await expect.poll(() => stack.admin!.openPages).toBe(1);
  const { order } = await stack.admin!.placeOrder();
  await expect.poll(() => socketMessages(page)).toEqual([`{"orderId":${order.id},"type":1,"content":"订单号：${order.number}"}`]);
  const { type, orderId } = JSON.parse((await socketMessages(page))[0]);
  expect({ type, orderId }).toEqual({ type: 1, orderId: order.id });
});

test('an image uploaded through /api/ is shown by an <img> through /api/ (no token); past client_max_body_size the proxy answers 413', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack.url);
  const result = await page.evaluate(async (token) => {
    // A 2×2 PNG drawn by the page itself.
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 2;
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const form = new FormData();
    form.append('file', blob, '菜品.png');
    const r = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: form });
    const url = (await r.json()).data as string;
    const img = new Image();
    img.src = url;
    await img.decode();
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(1024 * 1024 + 10)]), 'big.png');
    const tooBig = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: big });
    return { url, width: img.naturalWidth, tooBig: tooBig.status };
  }, token);
  expect(result.url).toMatch(/^\/api\/common\/download\?name=[0-9a-f-]{36}\.png$/);
  expect(result.width).toBe(2);
  expect(result.tooBig).toBe(413);
});

test('an uploaded SVG with a script: shown by an <img> in the app, and opened on its own it runs nothing in the front end\'s origin', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack.url);
  // What a hostile upload would do: read the app's origin (its token is in that origin's storage).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="red"/><script>document.documentElement.setAttribute('data-ran-in', self.origin)</script></svg>`;
  const { url, width } = await page.evaluate(async ({ token, svg }) => {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), '菜品.svg');
    const r = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: form });
    const url = (await r.json()).data as string;
    const img = new Image();
    img.src = url;
    await img.decode();
    return { url, width: img.naturalWidth };
  }, { token, svg });
  expect(width).toBe(4);

  const opened = await page.goto(new URL(url, stack.url).href);
  expect(opened!.headers()['content-type']).toBe('image/svg+xml');
  await expect(page.locator('rect')).toHaveAttribute('fill', 'red'); // the image is drawn...
  expect(await page.locator('svg').getAttribute('data-ran-in')).toBeNull(); // ...and its script did not run
});
