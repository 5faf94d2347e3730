// The upstream balancers besides round robin: ip_hash (the client's first three IPv4 octets, or
// its whole IPv6 address, hashed onto the peers by weight; a down peer moves the hash on) and
// least_conn (the fewest requests for the weight, smooth weighted round robin among a tie), on
// three upstream servers that name themselves. ip_hash refuses `backup`, as nginx does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';

interface Named {
  ports: number[];
  /** Slow requests waiting for their answer. */
  held(): number;
  /** Answers to `/admin/slow` wait until released. */
  release(): void;
  close(): Promise<void>;
}

/** Three upstream servers on 127.0.0.1, each answering with its number (1, 2, 3). */
async function threeServers(): Promise<Named> {
  const held: (() => void)[] = [];
  const servers = [1, 2, 3].map((n) =>
    http.createServer((req, res) => {
      const answer = () => res.end(String(n));
      if (req.url === '/admin/slow') held.push(answer);
      else answer();
    }),
  );
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  return {
    ports: servers.map((s) => (s.address() as AddressInfo).port),
    held: () => held.length,
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))).then(() => undefined),
  };
}

const upstream = (u: Named, balancer: string, params: string[] = []) =>
  `upstream backend {\n        ${balancer}\n${u.ports.map((port, i) => `        server 127.0.0.1:${port} ${params[i] ?? ''};`).join('\n')}\n    }`;

test('ip_hash: a client keeps its peer, over IPv4 and IPv6; weights and a down peer move the choice', async ({ startProxy }) => {
  const u = await threeServers();
  const peerOf = async (p: { port: number; send: (r: string, o?: { host?: string }) => Promise<{ body: string }> }, host?: string) => (await p.send(get('/api/k', p.port), { host })).body;
  const plain = await startProxy({ http: upstream(u, 'ip_hash;'), proxyPass: 'http://backend/admin/' });
  const four = [await peerOf(plain), await peerOf(plain), await peerOf(plain)];
  const six = [await peerOf(plain, '::1'), await peerOf(plain, '::1')];
  expect([four, six]).toEqual([['3', '3', '3'], ['3', '3']]);
  const weighted = await startProxy({ http: upstream(u, 'ip_hash;', ['weight=2']), proxyPass: 'http://backend/admin/' });
  expect([await peerOf(weighted), await peerOf(weighted, '::1')]).toEqual(['1', '1']);
  const down = await startProxy({ http: upstream(u, 'ip_hash;', ['', '', 'down']), proxyPass: 'http://backend/admin/' });
  expect([await peerOf(down), await peerOf(down)]).toEqual(['2', '2']);
  await u.close();
});

test('least_conn: among idle peers, weighted round robin; then the peer with fewer requests for its weight', async ({ startProxy }) => {
  const u = await threeServers();
  const p = await startProxy({ http: upstream(u, 'least_conn;', ['weight=2', '', 'down']), proxyPass: 'http://backend/admin/' });
  const ask = async () => (await p.send(get('/api/k', p.port))).body;
  // Idle: peer 1 (weight 2) twice for peer 2's once.
  expect([await ask(), await ask(), await ask()]).toEqual(['1', '2', '1']);
  // A slow request on each: the first by round robin (peer 1), the second to the peer with none (peer 2).
  const first = p.send(get('/api/slow', p.port));
  await expect.poll(() => u.held()).toBe(1);
  const second = p.send(get('/api/slow', p.port));
  await expect.poll(() => u.held()).toBe(2);
  // One request each: peer 1 has fewer for its weight (1 of 2, against 1 of 1).
  expect(await ask()).toBe('1');
  u.release();
  expect([(await first).body, (await second).body]).toEqual(['1', '2']);
  await u.close();
});

test('ip_hash with a backup server after it: [emerg] balancing method does not support parameter "backup"', async ({ engine }, testInfo) => {
  const text = `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    upstream backend {
        ip_hash;
        server 127.0.0.1:1;
        server 127.0.0.1:2 backup;
    }
    server {
        listen 127.0.0.1:P;
        location / { proxy_pass http://backend; }
    }
}
`;
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { conf: text });
  expect(f.error.message).toBe(`nginx: [emerg] balancing method does not support parameter "backup" in ${f.prefix}/conf/nginx.conf:9`);
});
