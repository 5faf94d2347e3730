// The walk of one proxied login through the embedded engine, counted as docs/architecture.md
// counts it: the inspector steps through every statement the worker runs (Node's own code and
// node_modules left out), from the accepted connection to the idle worker after the answer, and a
// file is entered each time the statement's file changes (a call into another file, or a return
// into one that runs more code). A first login on another connection warms the worker up.
// --nginx walks real nginx on the same conf and the same login by the same rule, stepped by gdb
// (walk-nginx.py; nginx's own source files only): a binary with debug information is needed,
// built from nginx's source with ./configure --with-cc-opt='-O0 -g' && make.
//   node dist/bench/walk.js [--dist DIR] [--files]   # DIR: another build's dist, to compare
//   node dist/bench/walk.js --nginx BINARY [--files]
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { repoRoot } from '../harness/paths.js';
import { preparePrefix } from '../harness/stack/prefix.js';
import { renderFor } from './engines.js';
import { benchPort } from './port.js';

const USAGE = 'usage: node dist/bench/walk.js [--dist DIR] [--files]   (DIR: another build\'s dist)\n       node dist/bench/walk.js --nginx BINARY [--files]';

function options() {
  try {
    return parseArgs({ options: { dist: { type: 'string', default: join(repoRoot, 'dist') }, nginx: { type: 'string' }, files: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (e) {
    process.stderr.write(`walk: ${(e as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
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

/** Adds a step to the walk: a new entry when its file is another than the last one's. */
function record(entries: Entry[], step: Step): void {
  if (step.file !== entries.at(-1)?.file) entries.push({ ...step, lastDepth: step.depth });
  else entries.at(-1)!.lastDepth = step.depth;
}

/** The embedded worker's walk, stepped with the inspector; the files named from dist/harness/. */
async function walkEmbedded(proxyPort: number, upstreamPort: number, prefix: string): Promise<{ status: string; entries: Entry[] }> {
  const inspectPort = await benchPort();
  const worker = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, join(repoRoot, 'dist', 'bench', 'walk-worker.js'), dist, String(proxyPort), String(upstreamPort), prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((ok) => worker.on('exit', ok));
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
      if (step.file.startsWith(harness)) record(entries, { ...step, file: step.file.slice(harness.length) });
      const next = inspector.pause(1500);
      await inspector.call('Debugger.stepInto');
      step = await next;
    }
    const status = await answered;
    ws.close();
    return { status, entries };
  } finally {
    worker.kill('SIGTERM');
    await exited;
  }
}

/** Real nginx's walk on the same conf, as one process under gdb; nginx's own files (src/...) only. */
async function walkNginx(binary: string, proxyPort: number, upstreamPort: number, prefix: string): Promise<{ status: string; entries: Entry[] }> {
  const line = spawnSync('gdb', ['-batch', '-ex', 'info line ngx_http_init_connection', resolve(binary)], { encoding: 'utf8' });
  if (!/^Line \d+ of "src\//m.test(line.stdout ?? '')) {
    throw new Error(`gdb cannot step ${binary} by its source lines (${line.error?.message ?? (line.stderr.trim().split('\n')[0] || line.stdout.trim().split('\n').at(-1))}): install gdb, and build nginx from its source with ./configure --with-cc-opt='-O0 -g' && make`);
  }
  const conf = await renderFor({ port: proxyPort, adminPort: upstreamPort, workers: 1, conf: 'default' });
  preparePrefix({ prefix, conf: { text: `daemon off;\nmaster_process off;\n${conf}` } });
  const stepsFile = join(prefix, 'steps.json');
  const gdb = spawn('gdb', ['-batch', '-x', join(repoRoot, 'bench', 'walk-nginx.py'), '--args', resolve(binary), '-p', prefix, '-c', 'conf/nginx.conf'], { stdio: 'ignore', env: { ...process.env, WALK_STEPS: stepsFile } });
  let ended = false;
  const exited = new Promise((ok) => gdb.on('exit', ok).on('error', ok)).then(() => (ended = true));
  try {
    // The first connection that is accepted is the breakpoint's first hit (walk-nginx.py continues it).
    for (let ready = false; !ready; ) {
      if (ended) throw new Error(`gdb ended before nginx listened: is gdb installed, and was ${binary} built with debug information (-g)?`);
      ready = await new Promise<boolean>((ok) => net.connect(proxyPort, '127.0.0.1').on('connect', function (this: net.Socket) { this.destroy(); ok(true); }).on('error', () => setTimeout(() => ok(false), 200)));
    }
    await login(proxyPort);
    const status = await login(proxyPort);
    await exited;
    const entries: Entry[] = [];
    for (const step of JSON.parse(readFileSync(stepsFile, 'utf8')) as Step[]) if (step.file.startsWith('src/')) record(entries, step);
    return { status, entries };
  } finally {
    // SIGTERM, not SIGKILL: gdb then kills the nginx it started (a killed gdb would leave it running).
    gdb.kill('SIGTERM');
    await exited;
  }
}

const [proxyPort, upstreamPort] = [await benchPort(), await benchPort()];
const prefix = mkdtempSync(join(tmpdir(), 'walk-'));
const servers = upstream(upstreamPort);
try {
  const { status, entries } = values.nginx ? await walkNginx(values.nginx, proxyPort, upstreamPort, prefix) : await walkEmbedded(proxyPort, upstreamPort, prefix);
  console.log(`${status}: ${count(entries.map((e) => e.file))} (${values.nginx ?? dist})`);
  console.log(`leaving out helper calls: ${count(withoutHelperCalls(entries))}`);
  if (values.files) console.log(entries.map((e, i) => `${String(e.depth).padStart(3)} ${e.file} ${e.fn || '(anonymous)'}${isHelperCall(entries, i) ? ' (helper call)' : ''}`).join('\n'));
} catch (e) {
  console.error(`walk: ${(e as Error).message}`);
  process.exitCode = 2;
} finally {
  for (const s of servers) s.close();
  rmSync(prefix, { recursive: true, force: true });
}
