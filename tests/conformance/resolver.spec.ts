// `resolver`: a proxy_pass in variables that names a host asks the location's DNS servers (A and,
// unless ipv6=off, AAAA), and tries each address it gets as a peer of a round robin of its own; a
// name with no address is nginx's `could not be resolved` and a 502. And
// proxy_next_upstream_timeout: no next peer once that long has passed since the first try.
import net from 'node:net';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { DnsServer } from '../support/dns-server.js';
import { freePort } from '../support/ports.js';

let dns: DnsServer;
test.beforeEach(async () => {
  dns = await DnsServer.start({ 'up.test': ['127.0.0.1'], 'twice.test': ['127.0.0.1', '127.0.0.1'] });
});
test.afterEach(() => dns.close());

const statusPage = 'error_page 502 504 /status;\n        location = /status { return 200 "$upstream_status"; }';

test('a name from the resolver: the upstream is asked, after an A and an AAAA question (only A with ipv6=off)', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /r/ { resolver 127.0.0.1:${dns.port}; proxy_pass http://$arg_h:U; }
        location /four/ { resolver 127.0.0.1:${dns.port} ipv6=off valid=30s; resolver_timeout 5s; proxy_pass http://$arg_h:U; }`,
  });
  expect((await p.send(get('/r/x?h=up.test', p.port))).status).toBe(200);
  expect([...dns.asked].sort()).toEqual(['up.test 1', 'up.test 28']);
  expect(p.upstream.received.map((r) => r.raw.split('\r\n')[0])).toEqual(['GET /r/x?h=up.test HTTP/1.0']);
  dns.asked.length = 0;
  expect((await p.send(get('/four/x?h=up.test', p.port))).status).toBe(200);
  expect(dns.asked).toEqual(['up.test 1']);
  expect(p.requestLog()).toEqual([]);
});

test('a name the DNS server does not know: a 502 and "could not be resolved (3: Host not found)"', async ({ startProxy }) => {
  const p = await startProxy({ server: `location /r/ { resolver 127.0.0.1:${dns.port}; proxy_pass http://$arg_h:U; }` });
  expect((await p.send(get('/r/x?h=nx.test', p.port))).status).toBe(502);
  expect(p.requestLog()).toEqual(['TIME [error] PID: *2 nx.test could not be resolved (3: Host not found), client: 127.0.0.1, server: localhost, request: "GET /r/x?h=nx.test HTTP/1.1", host: "127.0.0.1:P"']);
  expect(p.upstream.received).toEqual([]);
});

test('each address of the answer is a peer: an address given twice is tried twice, proxy_next_upstream_tries holding them to it', async ({ startProxy }) => {
  const closed = await freePort();
  const p = await startProxy({
    server: `location /r/ { resolver 127.0.0.1:${dns.port}; proxy_pass http://$arg_h:${closed}; }
        location /one/ { resolver 127.0.0.1:${dns.port}; proxy_pass http://$arg_h:${closed}; proxy_next_upstream_tries 1; }
        ${statusPage}`,
  });
  expect((await p.send(get('/r/x?h=twice.test', p.port))).body).toBe('502, 502');
  expect((await p.send(get('/one/x?h=twice.test', p.port))).body).toBe('502');
  expect(p.requestLog().filter((l) => l.includes('connect() failed (111: Connection refused)'))).toHaveLength(3);
});

test('proxy_next_upstream_timeout: a peer that timed out after the limit has passed is not followed by the next', async ({ startProxy }) => {
  // A server that accepts and never answers: each try ends at proxy_read_timeout.
  const held: net.Socket[] = [];
  const silent = net.createServer((s) => held.push(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as net.AddressInfo).port;
  try {
    const p = await startProxy({
      http: `upstream silent { server 127.0.0.1:${port} max_fails=0; server 127.0.0.1:${port} max_fails=0; }`,
      server: `location /limited/ { proxy_pass http://silent; proxy_read_timeout 300ms; proxy_next_upstream timeout; proxy_next_upstream_timeout 200ms; }
        location /free/ { proxy_pass http://silent; proxy_read_timeout 300ms; proxy_next_upstream timeout; }
        ${statusPage}`,
    });
    expect((await p.send(get('/limited/', p.port))).body).toBe('504');
    expect((await p.send(get('/free/', p.port))).body).toBe('504, 504');
  } finally {
    for (const s of held) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});
