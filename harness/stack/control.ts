// The control channel of a running `harness up`: HTTP on 127.0.0.1, an ephemeral port, a token
// in .harness/state.json (mode 0600). `harness chaos inject` and `restore` call it through
// callControl().
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Stack } from './stack.js';
import { findFault, FAULTS, FaultError } from './faults/index.js';
import { readState, statePath } from './state.js';
import { UserError } from '../errors.js';
import { customerAction } from './customer.js';

export interface ControlChannel {
  url: string;
  token: string;
  close(): Promise<void>;
}

interface Applied {
  name: string;
  arg?: string;
  undo?: () => Promise<void>;
}

export async function startStackControl(stack: Stack, onEvent: (text: string) => void): Promise<ControlChannel> {
  const token = randomBytes(24).toString('hex');
  const applied: Applied[] = [];
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const got = Buffer.from(String(req.headers['x-harness-token'] ?? ''));
    if (got.length !== token.length || !timingSafeEqual(got, Buffer.from(token))) return reply(401, { error: 'missing or wrong x-harness-token' });
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', async () => {
      let body: { name?: string; arg?: string; id?: unknown } = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return reply(400, { error: 'the body must be JSON' });
      }
      try {
        if (req.method === 'GET' && req.url === '/status') {
          return reply(200, { applied: applied.map((a) => ({ name: a.name, arg: a.arg })), faults: FAULTS.map((f) => f.name) });
        }
        if (req.method === 'POST' && req.url === '/faults') {
          const fault = findFault(body.name ?? '');
          if (!fault) return reply(404, { error: `unknown fault "${body.name}"; known: ${FAULTS.map((f) => f.name).join(', ')}` });
          const undo = await fault.apply(stack, body.arg);
          applied.push({ name: fault.name, arg: body.arg, undo });
          onEvent(`chaos: ${fault.name}${body.arg ? ' ' + body.arg : ''} applied`);
          return reply(200, { applied: fault.name, effect: fault.effect?.(stack, body.arg), undoable: !!undo });
        }
        if (req.method === 'POST' && req.url?.startsWith('/app/')) {
          const answer = await customerAction(stack, req.url.slice('/app/'.length), body);
          if (answer.status === 200) onEvent(`app ${req.url.slice('/app/'.length)}${body.id !== undefined ? ' ' + body.id : ''}`);
          return reply(answer.status, answer.body);
        }
        if (req.method === 'POST' && req.url === '/restore') {
          const undone: string[] = [];
          while (applied.length) {
            const a = applied.pop()!;
            // A crash is an event, not a state: there is nothing to undo, and it is not listed.
            if (!a.undo) continue;
            try {
              await a.undo();
            } catch (e) {
              applied.push(a); // still applied: a later restore tries again
              throw e;
            }
            undone.push(a.name);
          }
          onEvent(`chaos: restored (${undone.length ? undone.join(', ') : 'nothing applied'})`);
          return reply(200, { restored: undone });
        }
        return reply(404, { error: `unknown call ${req.method} ${req.url}` });
      } catch (e) {
        return reply(e instanceof FaultError ? 400 : 500, { error: (e as Error).message });
      }
    });
  });
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A call the stack refused or could not take: `exitCode` 2 for bad input (an unknown fault, a bad argument). */
export class ControlError extends UserError {}

/** Calls the control channel of the `harness up` running from `prefix`. */
export async function callControl(prefix: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const state = readState(prefix);
  if (!state) throw new ControlError(`no stack is running from ${prefix}. Start one with \`npx harness up\` (in another terminal), or name its folder with --prefix.`);
  // undici is loaded by the client only: `harness up` starts without it.
  const { request } = await import('undici');
  let status: number;
  let json: Record<string, unknown>;
  try {
    const r = await request(state.control.url + path, {
      method: 'POST',
      headers: { 'x-harness-token': state.control.token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 30_000,
    });
    status = r.statusCode;
    json = (await r.body.json()) as Record<string, unknown>;
  } catch (e) {
    // The process of that pid is alive but is not (or no longer) the stack: killed -9 and its pid
    // reused, or a copied folder.
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ControlError(
      `the stack recorded in ${statePath(prefix)} (pid ${state.pid}, started ${state.startedAt}) does not answer on its control channel ${state.control.url} (${why}).\n` +
        `  If that harness up still runs, stop it (Ctrl-C in its terminal) and start it again; if it does not, delete ${statePath(prefix)} and start one with \`npx harness up\`.`,
    );
  }
  if (status >= 300) throw new ControlError(String(json.error ?? `the stack answered ${status}`), status === 400 || status === 404 ? 2 : 1);
  return json;
}
