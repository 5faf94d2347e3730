// The walk of one proxied login through the embedded engine, counted as docs/architecture.md
// counts it: the inspector steps through every statement the worker runs (Node's own code and
// node_modules left out), from the accepted connection to the idle worker after the answer, and a
// file is entered each time the statement's file changes (a call into another file, or a return
// into one that runs more code). A first login on another connection warms the worker up.
//   node dist/bench/walk.js [--dist DIR] [--files]   # DIR: another build's dist, to compare
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { repoRoot } from '../harness/paths.js';
import { benchPort } from './port.js';

const { values } = parseArgs({ options: { dist: { type: 'string', default: join(repoRoot, 'dist') }, files: { type: 'boolean', default: false } } });
const dist = resolve(values.dist);
const harness = `file://${dist}/harness/`;

const ANSWER = JSON.stringify({ code: 1, msg: null, data: { id: 1, userName: 'admin', name: 'admin', token: 'x'.repeat(120) } });
const LOGIN = JSON.stringify({ username: 'admin', password: '123456' });

/** The admin server's login as the upstream, on both loopbacks (the peers of `localhost`). */
function upstream(port: number): http.Server[] {
  return ['127.0.0.1', '::1'].map((host) =>
    http
      .createServer((req, res) => req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(ANSWER)))
      .listen({ port, host, ipv6Only: host === '::1' }),
  );
}

/** One login on a new kept-alive connection: the answer's status line, once the answer is whole. */
function login(port: number): Promise<string> {
  const request = `POST /api/employee/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${LOGIN.length}\r\n\r\n${LOGIN}`;
  return new Promise((ok, fail) => {
    let got = '';
    const s = net.connect(port, '127.0.0.1', () => s.write(request));
    s.on('data', (d) => {
      got += d;
      if (!got.includes(ANSWER)) return;
      s.destroy();
      ok(got.split('\r\n')[0]);
    });
    s.on('error', fail);
  });
}

/** Where a step paused: the statement's file, its function, and how deep the stack is. */
interface Step {
  file: string;
  fn: string;
  depth: number;
}

/** A file entered: its first step, and the stack's depth at its last step (where it called out, or returned). */
interface Entry extends Step {
  lastDepth: number;
}

/** `N entries into M files, K of them back into a file already visited`. */
function count(files: string[]): string {
  const distinct = new Set(files).size;
  return `${files.length} entries into ${distinct} files, ${files.length - distinct} of them back into a file already visited`;
}

/**
 * The walk without helper calls: a file entered from another and left for that one again, at no
 * greater depth and without entering a third (a parser, the timer, the clock, a variable's value),
 * is the caller's work, as a hand count reads it.
 */
function withoutHelperCalls(entries: Entry[]): string[] {
  const files: string[] = [];
  entries.forEach((e, i) => isHelperCall(entries, i) || e.file === files.at(-1) || files.push(e.file));
  return files;
}

function isHelperCall(entries: Entry[], i: number): boolean {
  const [caller, back] = [entries[i - 1], entries[i + 1]];
  return caller !== undefined && back !== undefined && back.file === caller.file && back.depth <= caller.lastDepth;
}

/** The inspector's protocol over its WebSocket: calls, the scripts' files, and the next pause. */
class Inspector {
  private id = 0;
  private readonly calls = new Map<number, () => void>();
  readonly scripts = new Map<string, string>();
  private onPause?: (frame: { scriptId: string; functionName: string; depth: number }) => void;

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (m) => {
      const msg = JSON.parse(String(m));
      if (msg.id) this.calls.get(msg.id)?.();
      else if (msg.method === 'Debugger.scriptParsed') this.scripts.set(msg.params.scriptId, msg.params.url);
      else if (msg.method === 'Debugger.paused') this.onPause?.({ scriptId: msg.params.callFrames[0].location.scriptId, functionName: msg.params.callFrames[0].functionName, depth: msg.params.callFrames.length });
    });
  }

  call(method: string, params: object = {}): Promise<void> {
    return new Promise((ok) => {
      this.calls.set(++this.id, ok);
      this.ws.send(JSON.stringify({ id: this.id, method, params }));
    });
  }

  /** The next pause's file and function, or undefined when none comes within `ms` (the worker is idle). */
  pause(ms: number): Promise<Step | undefined> {
    return new Promise((ok) => {
      const timer = setTimeout(() => ok(undefined), ms);
      this.onPause = (f) => {
        clearTimeout(timer);
        ok({ file: this.scripts.get(f.scriptId) ?? '', fn: f.functionName, depth: f.depth });
      };
    });
  }
}

const [proxyPort, upstreamPort, inspectPort] = [await benchPort(), await benchPort(), await benchPort()];
const prefix = mkdtempSync(join(tmpdir(), 'walk-'));
const servers = upstream(upstreamPort);
const worker = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, join(repoRoot, 'dist', 'bench', 'walk-worker.js'), dist, String(proxyPort), String(upstreamPort), prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  await new Promise<void>((ok, fail) => {
    worker.stdout!.on('data', (d) => String(d).includes('ready') && ok());
    worker.on('exit', (code) => fail(new Error(`the worker exited (${code}) before it listened`)));
  });
  await login(proxyPort);
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((ok) => ws.on('open', ok));
  const inspector = new Inspector(ws);
  await inspector.call('Debugger.enable');
  await inspector.call('Debugger.setBlackboxPatterns', { patterns: ['^node:', '/node_modules/', 'walk-worker\\.js$'] });
  // The walk starts where the connection is made.
  const connection = join(dist, 'harness', 'embedded', 'connection.js');
  const lineNumber = readFileSync(connection, 'utf8').split('\n').findIndex((l) => l.includes('this.number = ctx.nextConnection()'));
  await inspector.call('Debugger.setBreakpointByUrl', { url: `file://${connection}`, lineNumber });
  const answered = login(proxyPort);
  const entries: Entry[] = [];
  let step = await inspector.pause(10_000);
  await inspector.call('Debugger.setBreakpointsActive', { active: false });
  while (step !== undefined) {
    const file = step.file.startsWith(harness) ? step.file.slice(harness.length) : undefined;
    if (file && file !== entries.at(-1)?.file) entries.push({ ...step, file, lastDepth: step.depth });
    else if (file) entries.at(-1)!.lastDepth = step.depth;
    const next = inspector.pause(1500);
    await inspector.call('Debugger.stepInto');
    step = await next;
  }
  const files = entries.map((e) => e.file);
  const status = await answered;
  ws.close();
  console.log(`${status}: ${count(files)} (${dist})`);
  console.log(`leaving out helper calls: ${count(withoutHelperCalls(entries))}`);
  if (values.files) console.log(entries.map((e, i) => `${String(e.depth).padStart(3)} ${e.file} ${e.fn || '(anonymous)'}${isHelperCall(entries, i) ? ' (helper call)' : ''}`).join('\n'));
} finally {
  worker.kill('SIGTERM');
  for (const s of servers) s.close();
  rmSync(prefix, { recursive: true, force: true });
}
