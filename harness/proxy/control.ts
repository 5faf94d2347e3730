// The master's control channel: HTTP on 127.0.0.1, an ephemeral port, a random token. Its address
// and token go to a file only the harness reads; every call must carry the token.
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { writeFileSync, unlinkSync } from 'node:fs';
import type { Master } from './master.js';

export interface ControlInfo {
  url: string;
  token: string;
  pid: number;
}

export interface ControlServer {
  close(): Promise<void>;
}

function authorised(req: http.IncomingMessage, token: string): boolean {
  const got = Buffer.from(req.headers['x-harness-token']?.toString() ?? '');
  const want = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => {
      try {
        resolve(s ? (JSON.parse(s) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });
}

export async function startControl(master: Master, file: string): Promise<ControlServer> {
  const token = randomBytes(24).toString('hex');
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!authorised(req, token)) return reply(401, { error: 'missing or wrong x-harness-token' });
    const body = req.method === 'POST' ? await readJson(req) : {};
    const route = `${req.method} ${req.url}`;
    switch (route) {
      case 'GET /status':
        return reply(200, { pid: process.pid, os: master.os.name, workers: master.workers(), respawnFails: master.respawnFailureArmed });
      case 'POST /workers/crash': {
        const pid = master.crashWorker({
          pid: typeof body.pid === 'number' ? body.pid : undefined,
          signal: typeof body.signal === 'string' ? (body.signal as NodeJS.Signals) : undefined,
          code: typeof body.code === 'string' || typeof body.code === 'number' ? String(body.code) : undefined,
        });
        return pid === undefined ? reply(409, { error: 'no worker to crash' }) : reply(200, { crashed: pid });
      }
      case 'POST /respawn/fail':
        master.failRespawns(body.on !== false);
        return reply(200, { respawnFails: master.respawnFailureArmed });
      case 'POST /restore':
        await master.restore();
        return reply(200, { restored: true });
    }
    return reply(404, { error: `unknown control call ${route}` });
  });
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
  const port = (server.address() as { port: number }).port;
  const info: ControlInfo = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
  writeFileSync(file, JSON.stringify(info) + '\n', { mode: 0o600 });
  return {
    close: () =>
      new Promise<void>((r) => {
        try {
          unlinkSync(file);
        } catch {
          // gone already
        }
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
