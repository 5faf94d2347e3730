// The master's control channel: HTTP on 127.0.0.1, an ephemeral port, a random token. Its address
// and token go to a file only the harness reads; every call must carry the token, and is taken from
// the channel's own Host and origin only, as `harness up`'s (control/guard.ts).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { replaceFile } from '../../private-file.js';
import { ListenAgainError, NoWorkerError } from './errors.js';
import { crashRequest, CrashRequestError, type CrashRequest } from '../../crash.js';
import type { OsName } from '../../os-profile.js';
import { refusal } from '../../channel-guard.js';
import { BadBody, lingerBeforeClose, readJsonObject } from '../../channel-body.js';

/** What the channel asks of the master: its faults and their state, nothing else. */
export interface ControlledMaster {
  readonly os: { readonly name: OsName };
  workers(): { pid: number; crashing: boolean }[];
  readonly sparePid: number | undefined;
  readonly respawnFailureArmed: boolean;
  crashWorker(r: CrashRequest): Promise<number>;
  failRespawns(on: boolean): void;
  restore(): Promise<void>;
}

export interface ControlInfo {
  url: string;
  token: string;
  pid: number;
}

export interface ControlServer {
  close(): Promise<void>;
}

const ROUTES = ['GET /status', 'POST /workers/crash', 'POST /respawn/fail', 'POST /restore'];

/** An answer other than 200: its status and what went wrong. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer(master: ControlledMaster, route: string, req: http.IncomingMessage): Promise<unknown> {
  const body = req.method === 'POST' ? await readJsonObject(req, '{"signal":"SIGSEGV"}') : {};
  switch (route) {
    case 'GET /status':
      return { pid: process.pid, os: master.os.name, workers: master.workers(), spare: master.sparePid ?? null, respawnFails: master.respawnFailureArmed };
    case 'POST /workers/crash':
      // Answered once the worker has exited and the master has reaped it.
      return { crashed: await master.crashWorker(crashRequest(master.os.name, body)) };
    case 'POST /respawn/fail':
      if (body.on !== undefined && typeof body.on !== 'boolean') throw new Refusal(400, `"on" must be true or false (got ${JSON.stringify(body.on)})`);
      master.failRespawns(body.on !== false);
      return { respawnFails: master.respawnFailureArmed };
    case 'POST /restore':
      await master.restore();
      return { restored: true, workers: master.workers() };
  }
  throw new Refusal(404, `unknown control call ${route}; the calls are: ${ROUTES.join(', ')}`);
}

export async function startControl(master: ControlledMaster, file: string): Promise<ControlServer> {
  const token = randomBytes(24).toString('hex');
  let port = 0;
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      // 413: the body's rest is not read (only dropped), and the connection closed.
      if (status === 413) lingerBeforeClose(res);
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 413 && { connection: 'close' }) });
      res.end(JSON.stringify(body));
    };
    const refused = refusal(req.headers, { port, token, tokenNeeded: true, foundIn: `the control file, ${file} (a new one at every start)` });
    if (refused) return reply(refused.status, { error: refused.error });
    try {
      reply(200, await answer(master, `${req.method} ${req.url}`, req));
    } catch (e) {
      if (e instanceof Refusal) return reply(e.status, { error: e.message });
      if (e instanceof BadBody) return reply(e.status, { error: e.message });
      if (e instanceof CrashRequestError) return reply(400, { error: e.message });
      if (e instanceof NoWorkerError) return reply(409, { error: e.message });
      // The master keeps running without sockets: nginx's reload that cannot bind keeps its old cycle.
      if (e instanceof ListenAgainError) return reply(409, { error: `the listening sockets could not be opened again: ${e.message}. Free the port and restore again.` });
      reply(500, { error: (e as Error).message });
    }
  });
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
  port = (server.address() as { port: number }).port;
  const info: ControlInfo = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
  replaceFile(file, JSON.stringify(info) + '\n');
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
