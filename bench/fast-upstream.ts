// The fast upstream: a minimal Node HTTP server that answers every request with the same 130 bytes
// of JSON, on both loopbacks (the peers `localhost` gives nginx), keep-alive when asked. It does
// the least an upstream can, so that what a proxy benchmark measures is the proxy, not the upstream
// (the admin stand-in caps both engines). Its own process:
//   node dist/bench/fast-upstream.js [port]    # prints "listening <port>"
import http from 'node:http';

/** About 130 bytes, shaped like the admin API's answers. */
export const FAST_BODY = Buffer.from(JSON.stringify({ code: 1, msg: null, data: { total: 2, records: [{ id: 1, name: 'admin', status: 1 }, { id: 2, name: 'zhangsan', status: 1 }] } }));

const HEADERS = { 'Content-Type': 'application/json', 'Content-Length': String(FAST_BODY.length) };

function listen(port: number, host: string): Promise<number> {
  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    // The body, if any, is read and dropped: the answer does not depend on it.
    req.resume();
    res.writeHead(200, HEADERS);
    res.end(FAST_BODY);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ipv6Only: host === '::1' }, () => resolve((server.address() as { port: number }).port));
  });
}

if (process.argv[1]?.endsWith('fast-upstream.js')) {
  const port = await listen(Number(process.argv[2] ?? 0), '127.0.0.1');
  await listen(port, '::1');
  process.stdout.write(`listening ${port}\n`);
}
