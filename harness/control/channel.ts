// The control channel of a running `harness up`: HTTP on 127.0.0.1, an ephemeral port, a token
// in .harness/state.json (mode 0600) and in the control page's URL. `harness chaos inject` and
// `restore` call it through callControl(); the control page (harness/control/) is served on it and
// calls the same routes. guard.ts says who may call it.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Stack } from '../stack/stack.js';
import { FaultError } from '../faults/fault.js';
import type { FaultLedger } from '../faults/ledger.js';
import { readState, statePath, type StackState } from '../stack/state.js';
import { UserError } from '../errors.js';
import { customerAction } from '../stack/customer.js';
import { refusal, SAFE_HEADERS, TOKEN_HEADER } from '../channel-guard.js';
import { BadBody, clipped, lingerBeforeClose, readJsonObject } from '../channel-body.js';
import { faultCall, restoreCall } from './channel-input.js';
import { isPageFile, servePageFile } from './static.js';
import type { FaultView, Live } from './live.js';
import { messages } from '../i18n/index.js';
import { faultsText } from '../faults/texts.js';

const t = messages({
  en: {
    'chaos.channel.noFaultApplied': 'no fault {id} is applied (undone already?): the faults applied now are {applied}.',
    'chaos.channel.none': 'none',
    'chaos.channel.appliedLine': 'chaos: {label} applied',
    'chaos.channel.appOrder': 'app {action}: order {order}',
    'chaos.channel.restored': 'restored ({undone})',
    'chaos.channel.stackStopped': 'the stack stopped',
    'chaos.channel.noStack': 'no stack is running from {prefix}. Start one with `npx harness up` (in another terminal), or name its folder with --prefix.',
    'chaos.channel.answered': 'the stack answered {status}',
    'chaos.channel.noAnswer': 'the stack recorded in {state} (pid {pid}, started {startedAt}) does not answer on its control channel {url} ({why}).\n  If that harness up still runs, stop it (Ctrl-C in its terminal) and start it again; if it does not, delete {state} and start one with `npx harness up`.',
    'ps.badStatus': 'the stack of {prefix} answered /status without its {field}: is it a harness up of another version? Its state.json: {path}.',
  },
  'zh-CN': {
    'chaos.channel.noFaultApplied': '没有施加编号为 {id} 的故障（已经撤销了？）：当前施加的故障是 {applied}。',
    'chaos.channel.none': '无',
    'chaos.channel.appliedLine': 'chaos: 已施加 {label}',
    'chaos.channel.appOrder': 'app {action}：订单 {order}',
    'chaos.channel.restored': '已恢复（{undone}）',
    'chaos.channel.stackStopped': '环境已停止',
    'chaos.channel.noStack': '{prefix} 里没有正在运行的环境。请（在另一个终端里）用 `npx harness up` 启动一个，或者用 --prefix 指定它的目录。',
    'chaos.channel.answered': '环境返回了 {status}',
    'chaos.channel.noAnswer': '{state} 里记录的环境（pid {pid}，启动于 {startedAt}）在控制通道 {url} 上没有响应（{why}）。\n  如果那个 harness up 还在运行，请停止它（在它的终端里按 Ctrl-C）再重新启动；如果它没在运行，请删除 {state}，再用 `npx harness up` 启动一个。',
    'ps.badStatus': '{prefix} 的环境响应 /status 时没有给出 {field}：它是不是另一个版本的 harness up？它的 state.json：{path}。',
  },
});

export interface ControlChannel {
  url: string;
  token: string;
  /** The faults applied to the stack: its ledger, which the stack's one stop undoes (stack-life/stack-life.ts). */
  faults: FaultLedger;
  /** The control page's address, with the token (what `harness up` prints). */
  page: string;
  /** Starts following the stack for the control page (once the stack is ready, so as not to delay it). */
  startLive(): void;
  /** Stops the channel and the page's streams, telling the open pages why. */
  close(why?: string): Promise<void>;
  /** Resolves when `harness down` asks the stack to stop (POST /stop): a stop as Ctrl-C's, on every platform. */
  stopAsked: Promise<string>;
}

/** What `harness chaos status` shows of a running stack. */
export interface StackStatus {
  engine: string;
  os: string;
  /** How the admin stand-in or the pass-through listens (`dual`, `down`...), or `external`. */
  admin: string;
  /** The user's own server behind the pass-through (`127.0.0.1:8081`). */
  adminUpstream?: string;
  faults: { id: number; label: string; progress?: string }[];
}

/** Every fault as the page's form is drawn from it: its own description of its arguments. */
async function faultViews(): Promise<FaultView[]> {
  // The faults (~40 ms) load when the page first asks, not while the stack starts.
  const { FAULTS, usage } = await import('../faults/index.js');
  return FAULTS.map((f) => ({ name: f.name, summary: f.summary, usage: usage(f), params: f.params }));
}

/** `faults`: the stack's ledger (stack-life/stack-life.ts), which the stack's stop undoes. */
export async function startStackControl(stack: Stack, onEvent: (text: string) => void, faults: FaultLedger): Promise<ControlChannel> {
  const token = randomBytes(24).toString('hex');
  let askStop!: (why: string) => void;
  const stopAsked = new Promise<string>((r) => (askStop = r));
  const applied = () => faults.entries.map((e) => ({ id: e.id, label: e.label, progress: e.applied.progress?.() }));
  let port = 0;
  let live: Promise<Live> | undefined;
  const startedAt = new Date();
  const startLive = () =>
    // The live page's modules (~30 ms) load with its first visitor, after the stack is ready.
    (live ??= Promise.all([import('./live.js'), faultViews()]).then(
      ([m, views]) =>
        new m.Live({
          stack,
          startedAt,
          faults: views,
          applied,
          note: onEvent,
        }),
    ));
  /** What the harness did: in its terminal, and on the page's timeline. */
  const announce = (kind: 'fault' | 'step', text: string, said = `chaos: ${text}`) => {
    onEvent(said);
    void live?.then((l) => l.changed(kind, text));
  };
  const route = async (req: http.IncomingMessage, res: http.ServerResponse, reply: (status: number, body: unknown) => void) => {
    const path = new URL(req.url ?? '/', 'http://control').pathname;
    const pageFile = req.method === 'GET' && isPageFile(path);
    const refused = refusal(req.headers, { port, token, tokenNeeded: !pageFile, foundIn: "the control page's URL that harness up printed, and in its state.json (a new one at every start)" });
    if (refused) return reply(refused.status, { error: refused.error });
    if (pageFile) {
      if (!(await servePageFile(path, res))) reply(404, { error: `no ${path} here: open the URL harness up printed` });
      return;
    }
    if (req.method === 'GET' && path === '/events') return void (await startLive()).attach(res);
    if (req.method === 'GET' && path === '/timeline.json') return reply(200, (await startLive()).timelineJson());
    try {
      const body = await readJsonObject(req, req.url === '/faults' ? '{"name":"admin.stop"}' : '{}');
      if (req.method === 'POST' && req.url === '/stop') {
        askStop('harness down');
        return reply(202, { stopping: true });
      }
      if (req.method === 'GET' && req.url === '/status') {
        const status: StackStatus = { engine: stack.spec.engine, os: stack.spec.os, admin: stack.adminShell?.mode ?? 'external', adminUpstream: stack.passThrough?.upstreamAddress, faults: applied() };
        return reply(200, status);
      }
      if (req.method === 'POST' && req.url === '/faults') {
        // The page's form sends every value by name, in flags.
        const { name, input } = faultCall(body);
        const { entry, effect, warnings } = await faults.inject(name, input);
        announce('fault', entry.label, t('chaos.channel.appliedLine', { label: entry.label }));
        return reply(200, { applied: entry.label, effect, warnings, undoable: !!entry.applied.undo });
      }
      if (req.method === 'POST' && req.url?.startsWith('/app/')) {
        const action = req.url.slice('/app/'.length);
        const answer = await customerAction(stack, action, body);
        // On the timeline, the order acted on by its id, as the orders page (订单管理) lists it.
        const order = (answer.body.order as { id?: number } | undefined)?.id;
        // In the terminal too, the order by its id in the user's words (a bare `app order` said nothing of it).
        const onOrder = order !== undefined ? t('chaos.channel.appOrder', { action, order }) : undefined;
        if (answer.status === 200) announce('step', onOrder ?? `app ${action}`, onOrder ?? `app ${action}${body.id !== undefined ? ' ' + body.id : ''}`);
        return reply(answer.status, answer.body);
      }
      if (req.method === 'POST' && req.url === '/restore') {
        // With an id (the page's Undo beside one fault): that fault only; without: every one, newest first.
        const id = restoreCall(body);
        let undone: string[];
        if (id === undefined) undone = await faults.restore();
        else {
          const one = await faults.undo(id);
          if (one === undefined) return reply(404, { error: t('chaos.channel.noFaultApplied', { id, applied: faults.entries.map((e) => `${e.id} ${e.label}`).join(', ') || t('chaos.channel.none') }) });
          undone = [one];
        }
        announce('fault', t('chaos.channel.restored', { undone: undone.length ? undone.join(', ') : faultsText('chaos.runner.nothingApplied') }));
        return reply(200, { restored: undone });
      }
      return reply(404, { error: `unknown call ${req.method} ${req.url}` });
    } catch (e) {
      // A message may quote what came: a few lines of it at most.
      return reply(e instanceof BadBody ? e.status : e instanceof FaultError ? 400 : 500, { error: clipped((e as Error).message, 4000) });
    }
  };
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      // 413: the body's rest is not read (only dropped), and the connection closed.
      if (status === 413) lingerBeforeClose(res);
      res.writeHead(status, { ...SAFE_HEADERS, 'content-type': 'application/json', ...(status === 413 && { connection: 'close' }) });
      res.end(JSON.stringify(body));
    };
    route(req, res, reply).catch((e: Error) => (res.headersSent ? res.destroy() : reply(500, { error: e.message })));
  });
  await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    faults,
    page: `http://127.0.0.1:${port}/?token=${token}`,
    startLive: () => void startLive(),
    stopAsked,
    async close(why = t('chaos.channel.stackStopped')) {
      await (await live)?.close(why);
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
    },
  };
}

/** A call the stack refused or could not take: `exitCode` 2 for bad input (an unknown fault, a bad argument). */
export class ControlError extends UserError {}

/** Calls the control channel of the `harness up` running from `prefix`: a GET without a body, else a POST. */
export async function callControl(prefix: string, path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<Record<string, unknown>> {
  const state = readState(prefix);
  if (!state) throw new ControlError(t('chaos.channel.noStack', { prefix }));
  const { status, json } = await ask(prefix, state, path, body, method);
  // 400: a fault refused as asked (bad input, or not for this stack); 404: no such order or fault
  // applied. The user's to correct.
  if (status >= 300) throw new ControlError(String(json.error ?? t('chaos.channel.answered', { status })), status === 400 || status === 404 ? 2 : 1);
  return json;
}

/**
 * The stack's answer to /status (`ps`, `chaos status`); a stack that answers otherwise (another
 * version) is said to, never a crash on a field that is not there.
 */
export async function stackStatus(prefix: string): Promise<StackStatus> {
  const json = await callControl(prefix, '/status', undefined, 'GET');
  const faults = json.faults;
  const field = !Array.isArray(faults) || !faults.every((f) => typeof (f as { label?: unknown })?.label === 'string') ? 'faults' : typeof json.admin !== 'string' ? 'admin' : undefined;
  if (field) throw new UserError(t('ps.badStatus', { prefix, field, path: statePath(prefix) }));
  return json as unknown as StackStatus;
}

/**
 * Whether the stack `state` names answers on its control channel with its token: what tells a
 * running stack from a stale state.json whose pid another process has now.
 */
export function stackAnswers(prefix: string, state: StackState): Promise<boolean> {
  return ask(prefix, state, '/status', undefined, 'GET').then(
    () => true,
    () => false,
  );
}

async function ask(prefix: string, state: StackState, path: string, body: unknown, method: 'GET' | 'POST'): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    return await request(state.control.url + path, method, state.control.token, body === undefined ? undefined : JSON.stringify(body));
  } catch (e) {
    // The process of that pid is alive but is not (or no longer) the stack: killed -9 and its pid
    // reused, or a copied folder.
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ControlError(t('chaos.channel.noAnswer', { state: statePath(prefix), pid: state.pid, startedAt: state.startedAt, url: state.control.url, why }));
  }
}

/**
 * One request on a new connection, its JSON answer once it has all come. node:http, which this
 * module loads anyway: undici took 112 files and about half of `ps`'s CPU time to load.
 */
function request(url: string, method: 'GET' | 'POST', token: string, body?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        } catch (e) {
          reject(e);
        }
      });
    });
    // A stack that takes the connection and never answers does not hold the command.
    req.setTimeout(CONTROL_ANSWER_MS, () => req.destroy(new Error(`no answer within ${CONTROL_ANSWER_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** How long a command waits for the stack's answer: a fault's apply or a restore takes well under it. */
const CONTROL_ANSWER_MS = 30_000;
