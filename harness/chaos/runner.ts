// Runs one scenario: its stack (fresh, isolated, free ports), its steps with faults undone at the
// end, each observation's verdict as it comes, the doctor's reading of the logs it left, and a
// timeline of everything. Shared by the Playwright specs and `harness chaos run`.
import { readFileSync } from 'node:fs';
import getPort from 'get-port';
import type { Page } from 'playwright';
import type { Scenario } from '../../scenarios/scenario.js';
import { Stack, type StackSpec } from '../stack/stack.js';
import type { EngineName } from '../stack/proxy-engine.js';
import type { OsName } from '../os-profile.js';
import { findFault } from '../stack/faults/index.js';
import { parseErrorLine, type ErrorLogEntry } from '../logs/error-log.js';
import { parseAccessLine, type AccessLogEntry } from '../logs/access-log.js';
import { diagnose, type Diagnosis } from '../doctor/index.js';
import { ApiClient } from './api.js';
import { Timeline, requestKey } from './timeline.js';

export interface Progress {
  kind: 'step' | 'fault' | 'observation';
  text: string;
  ok?: boolean;
  error?: string;
  /** ms since the start. */
  t: number;
}

export interface RunOptions {
  engine: EngineName;
  os: OsName;
  /** A directory of the run's own (the stack's prefix goes in it). */
  dir: string;
  /** Opens a browser page (the test's browser, or one chaos run launched). */
  newPage?: () => Promise<Page>;
  onProgress?: (p: Progress) => void;
}

export interface RunResult {
  ok: boolean;
  /** The first failed observation (or the error that stopped the run). */
  error?: Error;
  verdicts: Progress[];
  timeline: Timeline;
  stack?: Stack;
}

export class ObservationFailed extends Error {}

/** What a scenario's steps work with. */
export class Run {
  stack!: Stack;
  readonly api: ApiClient;
  readonly verdicts: Progress[] = [];
  private readonly undo: (() => Promise<void>)[] = [];
  private readonly stacks: Stack[] = [];
  private pageP?: Promise<Page>;

  constructor(
    readonly scenario: Scenario,
    readonly o: RunOptions,
    readonly timeline: Timeline,
  ) {
    this.api = new ApiClient('', timeline);
  }

  get engine(): EngineName {
    return this.o.engine;
  }

  get os(): OsName {
    return this.o.os;
  }

  private report(p: Omit<Progress, 't'>): void {
    const full = { ...p, t: this.timeline.now() };
    this.verdicts.push(full);
    this.o.onProgress?.(full);
  }

  step(text: string): void {
    this.timeline.add({ lane: 'harness', kind: 'step', label: text });
    this.report({ kind: 'step', text });
  }

  /** Asserts something the scenario shows; its verdict is reported either way, and a failure ends the run. */
  async observe(text: string, check: () => unknown | Promise<unknown>): Promise<void> {
    try {
      await check();
    } catch (e) {
      const message = (e as Error).message;
      this.timeline.add({ lane: 'harness', kind: 'observation', label: `${text}: ${message}`, detail: 'fail' });
      this.report({ kind: 'observation', text, ok: false, error: message });
      const failure = new ObservationFailed(`${text}\n${message}`);
      failure.stack = (e as Error).stack;
      throw failure;
    }
    this.timeline.add({ lane: 'harness', kind: 'observation', label: text, detail: 'pass' });
    this.report({ kind: 'observation', text, ok: true });
  }

  /** Applies a named fault to the stack; it is undone when the scenario ends. */
  async fault(name: string, arg?: string): Promise<void> {
    const f = findFault(name);
    if (!f) throw new Error(`unknown fault ${name}`);
    const undo = await f.apply(this.stack, arg);
    if (undo) this.undo.push(undo);
    const text = `${name}${arg ? ' ' + arg : ''}`;
    this.timeline.add({ lane: 'harness', kind: 'fault', label: text });
    this.report({ kind: 'fault', text });
  }

  /** Starts a stack for this run (the runner does it, unless the scenario's `stack` is false). */
  async startStack(spec: Partial<Omit<StackSpec, 'dir' | 'engine' | 'os'>> = {}): Promise<Stack> {
    const stack = await Stack.start({
      dir: `${this.o.dir}/stack-${this.stacks.length}`,
      proxyPort: spec.proxyPort ?? (await getPort({ host: '127.0.0.1' })),
      adminPort: spec.adminPort ?? (await getPort({ host: '127.0.0.1' })),
      admin: 'dual',
      workers: 1,
      ...spec,
      engine: this.o.engine,
      os: this.o.os,
    });
    this.stacks.push(stack);
    this.use(stack);
    return stack;
  }

  private use(stack: Stack): void {
    this.stack = stack;
    (this as { api: ApiClient }).api = new ApiClient(stack.proxyUrl, this.timeline);
    this.timeline.follow(stack.errorLogPath, 'error-log');
    this.timeline.follow(stack.accessLogPath, 'access-log');
    stack.admin?.onRequest((e) => {
      if (e.end === undefined) return;
      this.timeline.add({
        lane: 'admin',
        kind: 'request',
        label: `${e.method} ${e.url} (via ${e.localAddress})`,
        t: e.start - this.timeline.start,
        end: e.end - this.timeline.start,
        detail: e.status === undefined ? 'failed' : String(e.status),
        key: requestKey(e.method, e.url),
      });
    });
  }

  /** A browser page on the stack; its requests go on the timeline. */
  page(): Promise<Page> {
    this.pageP ??= (async () => {
      if (!this.o.newPage) throw new Error('this run has no browser');
      const page = await this.o.newPage();
      const started = new Map<object, number>();
      page.on('request', (r) => started.set(r, this.timeline.now()));
      const done = async (r: import('playwright').Request, failed: boolean) => {
        const t = started.get(r);
        if (t === undefined || !new URL(r.url()).pathname.startsWith('/api/')) return;
        const status = failed ? 'failed' : String((await r.response())?.status() ?? 'failed');
        const url = new URL(r.url());
        this.timeline.add({ lane: 'browser', kind: 'request', label: `${r.method()} ${url.pathname}${url.search}`, t, end: this.timeline.now(), detail: status, key: requestKey(r.method(), url.pathname + url.search) });
      };
      page.on('requestfinished', (r) => void done(r, false));
      page.on('requestfailed', (r) => void done(r, true));
      return page;
    })();
    return this.pageP;
  }

  /** The error log's raw lines (line ends removed). */
  errorLines(): string[] {
    return readLines(this.stack.errorLogPath);
  }

  errorLog(): ErrorLogEntry[] {
    return this.errorLines().flatMap((l) => parseErrorLine(l) ?? []);
  }

  accessLog(): AccessLogEntry[] {
    return readLines(this.stack.accessLogPath).flatMap((l) => parseAccessLine(l) ?? []);
  }

  /** What `harness doctor` says of the error log and access log this run has left. */
  diagnosis(): Diagnosis {
    const read = (p: string) => {
      try {
        return readFileSync(p);
      } catch {
        return Buffer.alloc(0);
      }
    };
    return diagnose(read(this.stack.errorLogPath), { accessLogBytes: read(this.stack.accessLogPath) });
  }

  async finish(): Promise<void> {
    while (this.undo.length) await this.undo.pop()!().catch(() => undefined);
    this.timeline.stop();
    await Promise.all(this.stacks.map((s) => s.stop()));
  }
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'latin1').split('\n').map((l) => l.replace(/\r$/, '')).filter(Boolean);
  } catch {
    return [];
  }
}

/** Can this scenario run on this engine and profile? The reason when not. */
export function applies(s: Scenario, engine: EngineName, os: OsName): string | undefined {
  if (s.engines && !s.engines.includes(engine)) return `${s.name} needs the ${s.engines.join(' or ')} engine`;
  if (!(s.profiles ?? ['linux']).includes(os)) return `${s.name} is about the ${(s.profiles ?? ['linux']).join(' and ')} profile`;
  if (engine === 'nginx' && os === 'windows') return 'real nginx on Linux cannot show the Windows profile';
  return undefined;
}

export async function runScenario(s: Scenario, o: RunOptions): Promise<RunResult> {
  const timeline = new Timeline();
  const run = new Run(s, o, timeline);
  let error: Error | undefined;
  try {
    if (s.stack !== false) {
      run.step(`start a stack: ${o.engine} engine, ${o.os} profile`);
      await run.startStack(s.stack?.({ engine: o.engine, os: o.os }) ?? {});
    }
    await s.steps(run);
    if (s.diagnosis) {
      const want = s.diagnosis;
      timeline.poll();
      await run.observe(`harness doctor reads the run's error log as ${want}`, () => {
        const found = run.diagnosis().incidents.map((i) => i.condition);
        if (!found.includes(want)) throw new Error(`the doctor found ${found.length ? found.join(', ') : 'no incident'}`);
      });
    }
  } catch (e) {
    error = e as Error;
    if (!(e instanceof ObservationFailed)) run.verdicts.push({ kind: 'observation', text: 'the run stopped', ok: false, error: error.message, t: timeline.now() });
  } finally {
    await run.finish();
  }
  return { ok: !error, error, verdicts: run.verdicts, timeline, stack: run.stack };
}
