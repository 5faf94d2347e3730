// Who may use the control channel of `harness up` (and its page): loopback only, the token on
// every call, the Host of the channel itself (DNS rebinding), no foreign Origin, no CORS, a new
// token at every start, and the token out of the page's URL. Each refusal is tried as an attacker
// would: raw requests with the headers a browser would send, and a real browser on another origin.
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import type { Up } from '../support/harness-up.js';
import { upWithControl, openControl, controlUrl, marks } from '../support/control-page.js';
import { listeningAddresses } from '../support/processes.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly these headers (Host included), as a browser or an attacker's page would send it. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers }, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function state(up: Up): { control: { url: string; token: string } } {
  return JSON.parse(readFileSync(join(up.prefix, 'state.json'), 'utf8'));
}

const portOf = (url: string) => Number(new URL(url).port);

let up: Up | undefined;

test.beforeEach(async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the control channel is the same whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
});

test.afterEach(async () => {
  up?.child.kill('SIGINT');
  await up?.child;
  up = undefined;
});

/** Every call of the channel: the commands' and the page's. */
const CALLS: [string, string, string?][] = [
  ['GET', '/status'],
  ['GET', '/events'],
  ['GET', '/timeline.json'],
  ['POST', '/faults', '{"name":"admin.stop"}'],
  ['POST', '/restore', '{}'],
  ['POST', '/app/order', '{}'],
  ['POST', '/app/remind', '{"id":1}'],
  ['POST', '/app/reset', '{}'],
];

test('every call without the token, or with a wrong one, is refused with 401; the page\'s own files need none', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  for (const [method, path, body] of CALLS) {
    for (const token of [undefined, 'x'.repeat(control.token.length), control.token.slice(1), `${control.token}0`]) {
      const r = await send(port, method, path, token === undefined ? {} : { 'x-harness-token': token }, body);
      expect(r.status, `${method} ${path} with ${token === undefined ? 'no token' : 'a wrong token'}`).toBe(401);
      expect(JSON.parse(r.body).error).toContain('missing or wrong x-harness-token');
    }
  }
  // The token in the query (the page's URL) is no call's token.
  expect((await send(port, 'GET', `/status?token=${control.token}`, {})).status).toBe(401);
  const page = await send(port, 'GET', `/?token=${control.token}`, {});
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.body).not.toContain(control.token);
  expect((await send(port, 'GET', '/status', { 'x-harness-token': control.token })).status).toBe(200);
});

test('a Host that is not the channel\'s loopback address and port is refused (DNS rebinding), for the page\'s files too', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  const ok = { 'x-harness-token': control.token };
  for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`, `[::1]:${port}`, '127.0.0.1', '']) {
    for (const [method, path] of [['GET', '/'], ['GET', '/main.js'], ['GET', '/status'], ['POST', '/restore']]) {
      const r = await send(port, method, path, { ...ok, host });
      expect(r.status, `${method} ${path} with Host: ${host}`).toBe(403);
      expect(JSON.parse(r.body).error).toContain('is not this control channel\'s');
    }
  }
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) expect((await send(port, 'GET', '/status', { ...ok, host })).status).toBe(200);
});

test('a foreign Origin is refused even with the token: another site, the stack\'s own front end, a sandboxed or file page', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  const ok = { 'x-harness-token': control.token, 'content-type': 'application/json' };
  for (const origin of ['http://attacker.example', `http://localhost:${up!.port}`, `http://127.0.0.1:${up!.port}`, `https://127.0.0.1:${port}`, `http://localhost:${port}`, 'null']) {
    for (const [path, body] of [['/faults', '{"name":"admin.stop"}'], ['/app/order', '{}']]) {
      const r = await send(port, 'POST', path, { ...ok, origin }, body);
      expect(r.status, `${path} with Origin: ${origin}`).toBe(403);
      expect(JSON.parse(r.body).error).toContain('the control channel takes calls from its own origin');
    }
  }
  // Nothing was applied; the page's own origin may call.
  const status = await send(port, 'GET', '/status', { ...ok, origin: `http://127.0.0.1:${port}` });
  expect(status.status).toBe(200);
  expect(JSON.parse(status.body).faults).toEqual([]);
});

test('a request a browser marks as from another site (Sec-Fetch-Site, sent where a GET has no Origin) is refused', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  for (const site of ['cross-site', 'same-site']) {
    for (const path of ['/', '/main.js', '/events']) {
      const r = await send(port, 'GET', path, { 'x-harness-token': control.token, 'sec-fetch-site': site });
      expect(r.status, `${path} with Sec-Fetch-Site: ${site}`).toBe(403);
    }
  }
  for (const site of ['same-origin', 'none']) expect((await send(port, 'GET', '/', { 'sec-fetch-site': site })).status).toBe(200);
});

test('no CORS: a preflight is refused without an Access-Control-Allow-* header, and no answer carries one', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  const preflight = await send(port, 'OPTIONS', '/faults', { origin: 'http://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-harness-token,content-type' });
  expect(preflight.status).toBe(403);
  const answers = [preflight, await send(port, 'OPTIONS', '/faults', { 'x-harness-token': control.token }), await send(port, 'GET', '/status', { 'x-harness-token': control.token }), await send(port, 'GET', '/', {})];
  for (const a of answers) expect(Object.keys(a.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
});

test('in a browser, a page of another origin (the stack\'s own front end) can neither call the channel nor read it, token or not', async ({ page }) => {
  const { control } = state(up!);
  await page.goto(`http://localhost:${up!.port}/`);
  const tries = await page.evaluate(
    async ({ url, token }) => {
      const outcome = (p: Promise<Response>) => p.then((r) => `answered ${r.type} ${r.status}`, (e: Error) => `failed: ${e.message}`);
      return {
        withToken: await outcome(fetch(`${url}/faults`, { method: 'POST', headers: { 'x-harness-token': token, 'content-type': 'application/json' }, body: '{"name":"admin.stop"}' })),
        read: await outcome(fetch(`${url}/status`)),
        // A "simple" request needs no preflight and is sent; the harness refuses it by its Origin (and Chromium drops the answer, CORP same-origin).
        simple: await outcome(fetch(`${url}/faults`, { method: 'POST', mode: 'no-cors', body: '{"name":"admin.stop"}' })),
      };
    },
    { url: control.url, token: control.token },
  );
  expect(tries.withToken).toMatch(/^failed/);
  expect(tries.read).toMatch(/^failed/);
  expect(tries.simple).toMatch(/^(failed|answered opaque 0)/);
  const status = await send(portOf(control.url), 'GET', '/status', { 'x-harness-token': control.token });
  expect(JSON.parse(status.body).faults).toEqual([]);
});

test('a malformed body is refused with 400 and what is wrong, and nothing acts on it: null, an array, a number, bad JSON, a field of the wrong type', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  const ok = { 'x-harness-token': control.token, 'content-type': 'application/json' };
  const bad: [string, string, string][] = [
    ['/faults', 'null', 'the body must be a JSON object, e.g. {"name":"admin.stop"}, not null'],
    ['/faults', '["admin.stop"]', 'the body must be a JSON object, e.g. {"name":"admin.stop"}, not an array'],
    ['/faults', '3', 'the body must be a JSON object, e.g. {"name":"admin.stop"}, not the number 3'],
    ['/faults', '"admin.stop"', 'the body must be a JSON object, e.g. {"name":"admin.stop"}, not the text "admin.stop"'],
    ['/faults', '{"name":', 'the body is not JSON ('],
    ['/faults', '{}', '"name" must be a fault\'s name as text, e.g. {"name":"admin.stop"}, not missing'],
    ['/faults', '{"name":["admin.stop"]}', '"name" must be a fault\'s name as text, e.g. {"name":"admin.stop"}, not an array'],
    ['/faults', '{"name":"admin.truncate","positional":"10"}', '"positional" must be an array of the fault\'s values as text, e.g. ["10"], not the text "10"'],
    ['/faults', '{"name":"admin.truncate","positional":[{}]}', '"positional" must be an array of the fault\'s values as text, e.g. ["10"], not an array with other values'],
    ['/faults', '{"name":"admin.truncate","flags":["x"]}', '"flags" must be an object of option values by name, e.g. {"path":"/admin/**"}, not an array'],
    ['/faults', '{"name":"admin.truncate","flags":"x"}', '"flags" must be an object of option values by name, e.g. {"path":"/admin/**"}, not the text "x"'],
    ['/faults', '{"name":"admin.truncate","positional":["10"],"flags":{"path":true}}', '"flags"."path" must be the option\'s value as text, e.g. "1", not the boolean true'],
    ['/restore', 'null', 'the body must be a JSON object, e.g. {}, not null'],
    ['/restore', '{"id":"1"}', '"id" must be an applied fault\'s id, a whole number from 1 up (GET /status lists them), not the text "1"'],
    ['/restore', '{"id":1.5}', '"id" must be an applied fault\'s id, a whole number from 1 up (GET /status lists them), not the number 1.5'],
    ['/app/order', 'null', 'the body must be a JSON object, e.g. {}, not null'],
    ['/app/remind', '[1]', 'the body must be a JSON object, e.g. {}, not an array'],
    ['/app/reset', '7', 'the body must be a JSON object, e.g. {}, not the number 7'],
  ];
  for (const [path, body, error] of bad) {
    const r = await send(port, 'POST', path, ok, body);
    expect(r.status, `${path} ${body}`).toBe(400);
    expect(JSON.parse(r.body).error, `${path} ${body}`).toContain(error);
  }
  // Nothing was applied; the same fault, well formed (the page's form may send numbers and empty fields), is.
  const status = await send(port, 'GET', '/status', ok);
  expect(JSON.parse(status.body).faults).toEqual([]);
  expect((await send(port, 'POST', '/faults', ok, '{"name":"admin.truncate","positional":[10],"flags":{"path":"/admin/**","times":null}}')).status).toBe(200);
});

/** Sends a head, then `piece` `count` times until the channel answers and closes: the answer, and the bytes of the body sent. */
function sendUntilAnswered(port: number, head: string, piece: Buffer, count: number): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const finish = () => resolve({ answer, sent });
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(head);
    const more = () => {
      // Each piece once the last is flushed: the channel has the chance to stop reading.
      while (sent < piece.length * count && !answer) {
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', more);
      }
    };
    more();
  });
}

test('a body past 1 MiB is refused with 413, its rest unread and the connection closed; a long text is never quoted whole', async () => {
  const { control } = state(up!);
  const port = portOf(control.url);
  const head = (length: string) => `POST /faults HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Harness-Token: ${control.token}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`;
  const piece = Buffer.alloc(0x10000, 'a');
  // Declared at 200 MB: refused on its head, before the body is read.
  const declared = await sendUntilAnswered(port, head('Content-Length: 209715200'), piece, 3200);
  expect(declared.answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(declared.answer).toMatch(/\r\nconnection: close\r\n/i);
  expect(JSON.parse(/\{.*\}/.exec(declared.answer)![0]).error).toBe(
    "the body is too large (Content-Length: 209715200; a call takes at most 1048576 bytes): send a JSON object of the call's few fields",
  );
  expect(declared.sent).toBeLessThan(209715200);
  // Chunked, of no declared length: refused once 1 MiB has come.
  const chunk = Buffer.concat([Buffer.from('10000\r\n'), piece, Buffer.from('\r\n')]);
  const streamed = await sendUntilAnswered(port, head('Transfer-Encoding: chunked'), chunk, 3200);
  expect(streamed.answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(streamed.answer).toContain('more than 1048576 bytes came');
  expect(streamed.sent).toBeLessThan(3200 * chunk.length);
  // Under the bound, a name of 500,000 letters: refused in a few lines, not echoed.
  const ok = { 'x-harness-token': control.token, 'content-type': 'application/json' };
  const long = await send(port, 'POST', '/faults', ok, JSON.stringify({ name: 'x'.repeat(500_000) }));
  expect(long.status).toBe(400);
  expect(long.body.length).toBeLessThan(400);
  expect(JSON.parse(long.body).error).toBe(`"name" must be a fault's name as text, e.g. {"name":"admin.stop"}, not the text "${'x'.repeat(80)}…"`);
  // The channel still answers.
  expect((await send(port, 'GET', '/status', ok)).status).toBe(200);
});

test('the channel listens on 127.0.0.1 only', async () => {
  const port = portOf(state(up!).control.url);
  const mine = listeningAddresses(up!.child.pid!).filter((a) => a.endsWith(`:${port}`));
  expect(mine).toEqual([`127.0.0.1:${port}`]);
});

test('a new token with every harness up: the previous one is refused by the next stack', async ({ engine }, testInfo) => {
  const first = state(up!).control;
  up!.child.kill('SIGINT');
  await up!.child;
  up = await upWithControl(engine, testInfo.outputPath('up'));
  const second = state(up).control;
  expect(second.token).not.toBe(first.token);
  expect(controlUrl(up)).toBe(`${second.url}/?token=${second.token}`);
  expect((await send(portOf(second.url), 'GET', '/status', { 'x-harness-token': first.token })).status).toBe(401);
});

test('the page takes its token out of the address bar at once, and keeps it for this tab only', async ({ page, context }) => {
  const { control } = state(up!);
  await openControl(page, up!);
  expect(page.url()).toBe(`${control.url}/`);
  // The entry was replaced, not added: one step back is the blank tab, not the URL with the token.
  await page.goBack();
  expect(page.url()).toBe('about:blank');
  await page.goForward();
  expect(page.url()).toBe(`${control.url}/`);
  await page.reload();
  await expect(page.locator('#connection')).toHaveAttribute('data-state', 'open');
  const other = await context.newPage();
  await other.goto(`${control.url}/`);
  await expect(other.locator('#connection')).toHaveAttribute('data-state', 'refused');
  await expect(other.getByTestId('stopped')).toContainText('open the control URL that harness up printed');
});

test('a request line with markup in it is shown as text on the page, never run', async ({ page }) => {
  await openControl(page, up!);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const markup = '/api/<img/src=x/onerror=alert(1)>';
  // Sent raw: a browser would percent-encode it, another program need not.
  await send(up!.port, 'GET', markup, { host: `localhost:${up!.port}` });
  const mark = marks(page, 'browser').filter({ hasText: 'onerror=alert(1)>' });
  await expect(mark).toHaveCount(1);
  await mark.click();
  await expect(page.getByTestId('timeline-detail')).toContainText(`GET ${markup}`);
  expect(await page.locator('#timeline-view img, #timeline-detail img').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
