// The fast upstream: a minimal Node HTTP server that answers every request with the same 130 bytes
// of JSON, on both loopbacks (the peers `localhost` gives nginx), keep-alive when asked. It does
// the least an upstream can, so that what a proxy benchmark measures is the proxy, not the upstream
// (the admin stand-in caps both engines). Given a file of answers recorded from the admin stand-in,
// it replays those instead, by path and query, through the same `writeHead` + `end` the stand-in
// uses: a bare Node server sending the stand-in's bytes, the reference its figures are read against.
// Its own process:
//   node dist/bench/fast-upstream.js [port] [answers.json]    # prints "listening <port>"
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** About 130 bytes, shaped like the admin API's answers. */
export const FAST_BODY = Buffer.from(JSON.stringify({ code: 1, msg: null, data: { total: 2, records: [{ id: 1, name: 'admin', status: 1 }, { id: 2, name: 'zhangsan', status: 1 }] } }));

const HEADERS = { 'Content-Type': 'application/json', 'Content-Length': String(FAST_BODY.length) };

/** One answer of the stand-in, as recorded: `answers.json` maps a request target to these. */
export interface RecordedAnswer {
  status: number;
  contentType: string;
  /** The body, base64. */
  body: string;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const fixed: Handler = (req, res) => {
  // The body, if any, is read and dropped: the answer does not depend on it.
  req.resume();
  res.writeHead(200, HEADERS);
  res.end(FAST_BODY);
};

/** The recorded answers by target; no Content-Length, so chunked, as the stand-in sends them. */
function replay(file: string): Handler {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
  const answers = new Map(Object.entries(recorded).map(([target, a]) => [target, { status: a.status, headers: { 'Content-Type': a.contentType }, body: Buffer.from(a.body, 'base64') }]));
  return (req, res) => {
    req.resume();
    const a = answers.get(req.url ?? '');
    if (!a) return void res.writeHead(404, { 'Content-Length': '0' }).end();
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  };
}

function listen(handler: Handler, keepAliveTimeout: number, port: number, host: string): Promise<number> {
  const server = http.createServer({ keepAliveTimeout }, handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ipv6Only: host === '::1' }, () => resolve((server.address() as { port: number }).port));
  });
}

if (process.argv[1]?.endsWith('fast-upstream.js')) {
  const recorded = process.argv[3];
  const handler = recorded ? replay(recorded) : fixed;
  // A replay keeps the stand-in's keep-alive (Tomcat's, announced as `Keep-Alive: timeout=60`).
  const keepAlive = recorded ? 60_000 : 65_000;
  const port = await listen(handler, keepAlive, Number(process.argv[2] ?? 0), '127.0.0.1');
  await listen(handler, keepAlive, port, '::1');
  process.stdout.write(`listening ${port}\n`);
}
