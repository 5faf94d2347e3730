// The upstream balancers besides round robin: ip_hash (the client's first three IPv4 octets, or
// its whole IPv6 address, hashed onto the peers by weight; a down peer moves the hash on) and
// least_conn (the fewest requests for the weight, smooth weighted round robin among a tie), hash
// (the key's CRC32 by weight, or ketama's points with `consistent`), on
// three upstream servers that name themselves. ip_hash and hash refuse `backup`, as nginx does.
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

const upstream = (u: Named, balancer: string, params: string[] = [], servers = 3) =>
  `upstream backend {\n        ${balancer}\n${u.ports.slice(0, servers).map((port, i) => `        server 127.0.0.1:${port} ${params[i] ?? ''};`).join('\n')}\n    }`;

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

test('hash $arg_k: each key keeps its peer, by its CRC32 and the weights; a down peer\'s keys move on; an empty key is round robin', async ({ startProxy }) => {
  const u = await threeServers();
  const peers = await keyPeers(startProxy, u);
  expect(await peers('hash $arg_k;')).toBe('31333312');
  expect(await peers('hash $arg_k;', ['weight=3'])).toBe('12113323');
  expect(await peers('hash $arg_k;', ['', '', 'down'])).toBe('21211212');
  const rr = await startProxy({ http: upstream(u, 'hash $arg_k;'), proxyPass: 'http://backend/admin/' });
  const empty: string[] = [];
  for (let i = 0; i < 3; i++) empty.push((await rr.send(get('/api/k', rr.port))).body);
  expect(empty).toEqual(['1', '2', '3']);
  await u.close();
});

test('hash $arg_k consistent: a key keeps its peer, and keeps it when another server leaves the upstream', async ({ startProxy }) => {
  const u = await threeServers();
  const peers = await keyPeers(startProxy, u);
  const three = await peers('hash $arg_k consistent;');
  expect(await peers('hash $arg_k consistent;')).toBe(three);
  const two = await peers('hash $arg_k consistent;', [], 2);
  // The keys of servers 1 and 2 stay where they were; server 3's go to one of the others.
  expect([...two].map((peer, i) => (three[i] === '3' ? '3' : peer)).join('')).toBe(three);
  expect(two).not.toContain('3');
  await u.close();
});

/** Each key's peer, a to h, on an upstream of `servers` of the three servers. */
async function keyPeers(startProxy: (o: { http: string; proxyPass: string }) => Promise<{ port: number; send(r: string): Promise<{ body: string }> }>, u: Named) {
  return async (balancer: string, params: string[] = [], servers = 3) => {
    const p = await startProxy({ http: upstream(u, balancer, params, servers), proxyPass: 'http://backend/admin/' });
    let out = '';
    for (const k of 'abcdefgh') out += (await p.send(get(`/api/k?k=${k}`, p.port))).body;
    return out;
  };
}

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
