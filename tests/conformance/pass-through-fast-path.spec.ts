// The pass-through's fast path, behind each engine: nginx's default requests to an upstream (HTTP/1.0,
// `Connection: close`, a connection each) are relayed as bytes on a kept connection, so the user's
// server gets them as nginx sent them but for `Connection: keep-alive`; the journal (the timeline,
// the control page) still has each with its status. A keep-alive request (proxy_http_version 1.1,
// `Connection ""`) goes the HTTP way.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { passThroughTo, startRawServer } from '../support/own-server.js';

const KEPT = 'location /kept/ { proxy_pass http://localhost:U/admin/; proxy_http_version 1.1; proxy_set_header Connection ""; }';

test('nginx\'s requests reach the user\'s server as nginx sent them, on one kept connection, and are journaled with their status; a keep-alive one goes the HTTP way', async ({ engine }, testInfo) => {
  const raw = await startRawServer();
  const p = await ProxyUnderTest.around(engine, testInfo.outputPath('proxy'), await passThroughTo(raw.port), { server: KEPT });
  try {
    for (const path of ['/api/employee/page?page=1', '/api/category/list', '/kept/x']) expect((await p.send(get(path, p.port))).body, path).toBe('ok');
    const host = `Host: localhost:${p.upstream.port}`;
    expect(raw.connections[0].bytes).toBe(`GET /admin/employee/page?page=1 HTTP/1.0\r\n${host}\r\nConnection: keep-alive\r\n\r\nGET /admin/category/list HTTP/1.0\r\n${host}\r\nConnection: keep-alive\r\n\r\n`);
    // Sent again by the harness's HTTP client, on a connection of its own.
    expect(raw.connections).toHaveLength(2);
    expect(raw.connections[1].bytes).toMatch(/^GET \/admin\/x HTTP\/1\.1\r\n/);
    expect(raw.connections[1].bytes).not.toBe(`GET /admin/x HTTP/1.1\r\n${host}\r\n\r\n`);
    await expect
      .poll(() => p.upstream.passThrough.journal.map((e) => `${e.method} ${e.url} HTTP/${e.httpVersion} ${e.status}${e.end! >= e.start ? '' : ' not ended'}`))
      .toEqual(['GET /admin/employee/page?page=1 HTTP/1.0 200', 'GET /admin/category/list HTTP/1.0 200', 'GET /admin/x HTTP/1.1 200']);
    expect(p.requestLog()).toEqual([]);
  } finally {
    await p.stop();
    await raw.close();
  }
});
