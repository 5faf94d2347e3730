// Readiness means the proxy answered, on every address a browser dials for `localhost`: another
// server on the port (the admin stand-in of `--port P --admin-port P` was one) or a wrong front end
// root ends the wait at once with what answered and who holds the port; a silent loopback is waited for.
import { test, expect } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { NotReady, waitForProxy } from './ready.js';

const INDEX = '<!doctype html><title>index</title>\n';

async function serve(host: string, answer: (res: http.ServerResponse) => void, port = 0): Promise<http.Server> {
  const s = http.createServer((_req, res) => answer(res));
  await new Promise<void>((r) => s.listen({ host, port, ipv6Only: host === '::1' }, r));
  return s;
}

const nginx = (body: string, status = 200) => (res: http.ServerResponse) => res.writeHead(status, { Server: 'nginx/1.22.1' }).end(body);

test.describe('waitForProxy', () => {
  const servers: http.Server[] = [];
  let index: string;
  test.beforeEach(async ({}, testInfo) => {
    mkdirSync(testInfo.outputPath(), { recursive: true });
    index = testInfo.outputPath('index.html');
    writeFileSync(index, INDEX);
  });
  test.afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));
  const portOf = (s: http.Server) => (s.address() as AddressInfo).port;

  test('another server on the port: refused at once, naming what answered and who holds it', async () => {
    const other = await serve('127.0.0.1', (res) => res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"status":404}'));
    servers.push(other);
    const url = `http://127.0.0.1:${portOf(other)}/`;
    const started = Date.now();
    const e = await waitForProxy({ urls: [url], index }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NotReady);
    const message = (e as Error).message;
    expect(message).toContain(`${url} was answered, but not by the proxy (404, no Server header, where nginx sends "Server: nginx"): port ${portOf(other)} on 127.0.0.1 is in use by pid ${process.pid} (`);
    expect(message).toMatch(/\), so the proxy could not listen there$/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('nginx answering something else than the front end\'s index: refused, naming the index', async () => {
    const wrongRoot = await serve('127.0.0.1', nginx('<h1>404 Not Found</h1>', 404));
    const otherPage = await serve('127.0.0.1', nginx('<h1>Welcome to nginx!</h1>'));
    servers.push(wrongRoot, otherPage);
    const e1 = await waitForProxy({ urls: [`http://127.0.0.1:${portOf(wrongRoot)}/`], index }).catch((x: Error) => x);
    expect((e1 as Error).message).toBe(`the proxy answered http://127.0.0.1:${portOf(wrongRoot)}/ with 404 instead of the front end's index (${index}): check its root`);
    const e2 = await waitForProxy({ urls: [`http://127.0.0.1:${portOf(otherPage)}/`], index }).catch((x: Error) => x);
    expect((e2 as Error).message).toBe(`the proxy answered http://127.0.0.1:${portOf(otherPage)}/ with a page that is not the front end's index (${index}): check its root`);
  });

  test('every address must answer: the proxy on 127.0.0.1 alone is not ready while [::1] is silent', async () => {
    const v4 = await serve('127.0.0.1', nginx(INDEX));
    servers.push(v4);
    const port = portOf(v4);
    const urls = [`http://127.0.0.1:${port}/`, `http://[::1]:${port}/`];
    const e = await waitForProxy({ urls, index }, { timeoutMs: 500 }).catch((x: Error) => x);
    expect((e as Error).message).toMatch(new RegExp(`^http://\\[::1\\]:${port}/ did not answer within 500 ms \\(connect ECONNREFUSED ::1:${port}\\)$`));
    const v6 = await serve('::1', nginx(INDEX), port);
    servers.push(v6);
    await waitForProxy({ urls, index }, { timeoutMs: 2000 });
  });
});
