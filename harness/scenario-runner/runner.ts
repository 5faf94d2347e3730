// Runs one scenario: its stack (fresh, isolated, free ports), its steps with faults undone at the
// end, each observation's verdict as it comes, the doctor's reading of the logs it left, and a
// timeline of everything. Shared by the Playwright specs and `harness chaos run`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import getPort from 'get-port';
import { request } from 'undici';
import type { Page } from 'playwright';
import type { Stack, StackSpec } from '../stack/stack.js';
import type { EngineName } from '../engine/engine.js';
import type { OsName } from '../os-profile.js';
import { splitCommand } from '../faults/index.js';
import { StackLife } from '../stack-life/stack-life.js';
import { parseErrorLine, type ErrorLogEntry } from '../logs/error-log.js';
import { parseAccessLine, type AccessLogEntry } from '../logs/access-log.js';
import { diagnose, readConfFacts, type Diagnosis, type DiagnosisExpectation } from '../doctor/index.js';
import { ApiClient } from './api.js';
import { Timeline } from '../timeline/timeline.js';
import { messages } from '../i18n/index.js';
import { faultsText } from '../faults/texts.js';

const t = messages({
  en: {
    'chaos.runner.restore': 'restore ({undone})',
    'chaos.runner.over': 'the run is over: its stacks are stopped',
    'chaos.runner.noBrowser': 'this run has no browser',
  },
  'zh-CN': {
    'chaos.runner.restore': '恢复（{undone}）',
    'chaos.runner.over': '运行已结束：它的环境都已停止',
    'chaos.runner.noBrowser': '这次运行没有浏览器',
  },
});

/** A scenario, as scenarios/ define them (defineScenario()) and the runner runs them. */
export interface Scenario {
  name: string;
  /** One sentence: what it shows. */
  summary: string;
  /** Engines that can show it (default: both). */
  engines?: readonly EngineName[];
  /** OS profiles it is about (default: linux only). Real nginx runs the linux profile only. */
  profiles?: readonly OsName[];
  /** The stack it needs, over the defaults (admin dual, one worker); false: the steps start it themselves. */
  stack?: false | ((o: { engine: EngineName; os: OsName }) => Partial<Omit<StackSpec, 'dir' | 'engine' | 'os'>>);
  /** Why it needs the admin stand-in's own data (the seed's employees, its upload answer), so that it
   *  cannot run in front of a user's own server (`chaos run --admin-upstream`); unset: it can. */
  needsStandIn?: string;
  /** The faults its steps apply, for `chaos list`. */
  faults?: readonly string[];
  /** What `harness doctor` must find in the logs the run leaves: exactly these conditions to act
   *  on (none: `[]`), the harmless ones it is about, and the IPv4/IPv6 verdict of the refusals where
   *  the scenario is about it; per engine and profile where they differ. `harness chaos list` shows,
   *  per condition, the scenarios that produce it. */
  diagnosis?: DiagnosisExpectation | ((o: { engine: EngineName; os: OsName }) => DiagnosisExpectation);
  /** How many observations its steps make (the doctor's check aside): a failed run counts those it never reached. */
  observations: number;
  /** How long `harness chaos run` takes with it (s, measured on a quiet 2-core machine), for
   *  `chaos list`; by OS profile where they differ. */
  seconds: number | Partial<Record<OsName, number>>;
  steps(run: Run): Promise<void>;
}

export interface Progress {
  /** A note is something a step printed that the user should see (an emerg line). */
  kind: 'step' | 'fault' | 'observation' | 'note';
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
  /** Resolves (with why) when the run is to stop before its end: Ctrl-C, its parent gone. */
  stopAsked?: Promise<string>;
  /** The user's own admin server: each stack puts the pass-through in front of it instead of the stand-in. */
  adminUpstream?: StackSpec['adminUpstream'];
}

export interface RunResult {
  ok: boolean;
  /** The first failed observation (or the error that stopped the run). */
  error?: Error;
  verdicts: Progress[];
  /** Observations that held, failed, and never ran (the run stopped first), the doctor's check included. */
  tally: { held: number; failed: number; notRun: number };
  timeline: Timeline;
  /** The nginx prefixes whose logs the run followed (each has logs/error.log and logs/access.log). */
  prefixes: string[];
  /** The browser page as it was when the run failed. */
  screenshot?: Buffer;
  ms: number;
}

export class ObservationFailed extends Error {}

/** The run was asked to stop before its end. */
export class RunStopped extends Error {}

/** What a scenario's steps work with. */
export class Run {
  stack!: Stack;
  readonly api: ApiClient;
  readonly verdicts: Progress[] = [];
  readonly prefixes: string[] = [];
  /** Each stack of the run with the faults applied to it, the current stack's last. */
  private readonly lives: StackLife[] = [];
  private pageP?: Promise<Page>;
  /** finish() has begun: steps still running (a run stopped early) start nothing more. */
  private finished = false;
  /** How long one warm answer of the current stack's admin server took (ms), measured as it started. */
  private answerMs = 0;

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
    // Steps cut short by a stop request go on for a moment on the stopped stacks: they say nothing.
    if (this.finished) return;
    const full = { ...p, t: this.timeline.now() };
    this.verdicts.push(full);
    this.o.onProgress?.(full);
  }

  step(text: string): void {
    this.timeline.step(text);
    this.report({ kind: 'step', text });
  }

  /** Shows the user a line a step saw (not an observation: nothing is asserted). */
  note(text: string): void {
    this.report({ kind: 'note', text });
  }

  /** Asserts something the scenario shows; its verdict is reported either way, and a failure ends the run. */
  async observe(text: string, check: () => unknown | Promise<unknown>): Promise<void> {
    // Lines already written go on the timeline before the verdict that reads them.
    this.timeline.poll();
    try {
      await check();
    } catch (e) {
      const message = stripAnsi((e as Error).message);
      this.timeline.add({ lane: 'harness', kind: 'observation', label: `${text}: ${message}`, short: `✗ ${text}`, detail: 'fail' });
      this.report({ kind: 'observation', text, ok: false, error: message });
      const failure = new ObservationFailed(`${text}\n${message}`);
      failure.stack = (e as Error).stack;
      throw failure;
    }
    this.timeline.add({ lane: 'harness', kind: 'observation', label: text, short: `✓ ${text}`, detail: 'pass' });
    this.report({ kind: 'observation', text, ok: true });
  }

  /** Applies a fault to the stack, written as a user types it after `harness chaos inject`
   *  (`admin.truncate 10 --path /admin/employee/page`); it is undone when the scenario ends. */
  async fault(command: string): Promise<void> {
    this.checkRunning();
    const { name, input } = splitCommand(command);
    const text = command.trim();
    this.timeline.fault(text);
    await this.lives.at(-1)!.faults.inject(name, input);
    this.report({ kind: 'fault', text });
  }

  /** Undoes the faults applied to the stack, as `harness chaos restore` does. */
  async restore(): Promise<void> {
    this.checkRunning();
    const undone = await this.lives.at(-1)!.faults.restore();
    const text = t('chaos.runner.restore', { undone: undone.join(', ') || faultsText('chaos.runner.nothingApplied') });
    this.timeline.add({ lane: 'harness', kind: 'fault', label: text, short: `↺ ${text}` });
    this.report({ kind: 'step', text });
  }

  /** Starts a stack for this run (the runner does it, unless the scenario's `stack` is false). */
  async startStack(spec: Partial<Omit<StackSpec, 'dir' | 'engine' | 'os'>> = {}): Promise<Stack> {
    this.checkRunning();
    const life = await StackLife.start({
      dir: `${this.o.dir}/stack-${this.lives.length}`,
      proxyPort: spec.proxyPort ?? (await getPort({ host: '127.0.0.1' })),
      adminPort: spec.adminPort ?? (await getPort({ host: '127.0.0.1' })),
      admin: 'dual',
      workers: 1,
      ...spec,
      // A stack asked for as external has nothing of the harness on its admin port (proxy-to-itself).
      adminUpstream: spec.admin === 'external' ? undefined : this.o.adminUpstream,
      engine: this.o.engine,
      os: this.o.os,
    });
    if (this.finished) {
      await life.stop();
      this.checkRunning();
    }
    this.lives.push(life);
    this.answerMs = await warmUp(life.stack);
    life.stack.adminShell?.forgetJournal();
    this.use(life.stack);
    return life.stack;
  }

  /**
   * The most a wait the proxy times at `ms` (its timeouts, a fault's delay) may take as the client
   * sees it, on this machine as loaded as it is now: `ms` plus ten warm answers' time of this stack
   * (measured as it started; a timer fires late and the 504 goes through a starved worker and
   * client), at least 1 s. A bound on the proxy's own timer, not a guess about the machine.
   */
  within(ms: number): number {
    return ms + Math.max(1000, Math.ceil(10 * this.answerMs));
  }

  private checkRunning(): void {
    if (this.finished) throw new RunStopped(t('chaos.runner.over'));
  }

  /** Another stack as the scenario describes it, whose proxy has no failed peers yet. */
  freshStack(): Promise<Stack> {
    const { stack } = this.scenario;
    return this.startStack(stack ? stack({ engine: this.engine, os: this.os }) : {});
  }

  /** Puts an nginx prefix's error and access logs on the timeline, and under the doctor's eyes. */
  followLogs(prefix: string): void {
    if (this.prefixes.includes(prefix)) return;
    this.prefixes.push(prefix);
    this.timeline.follow(join(prefix, 'logs', 'error.log'), 'error-log');
    this.timeline.follow(join(prefix, 'logs', 'access.log'), 'access-log');
  }

  private use(stack: Stack): void {
    this.stack = stack;
    (this as { api: ApiClient }).api = new ApiClient(stack.proxyUrl, this.timeline);
    this.followLogs(stack.prefix);
    if (stack.adminShell) this.timeline.followAdmin(stack.adminShell);
  }

  /** A browser page on the stack; its requests to /api go on the timeline, timed by the browser. */
  page(): Promise<Page> {
    this.pageP ??= (async () => {
      this.checkRunning();
      if (!this.o.newPage) throw new Error(t('chaos.runner.noBrowser'));
      const page = await this.o.newPage();
      // A request that failed before its response has no browser timing (startTime 0): it is timed
      // when Playwright reported it sent.
      const sent = new WeakMap<import('playwright').Request, number>();
      page.on('request', (r) => sent.set(r, this.timeline.now()));
      const done = async (r: import('playwright').Request, failed: boolean) => {
        const url = new URL(r.url());
        if (!url.pathname.startsWith('/api/')) return;
        const response = failed ? null : await r.response();
        const { startTime, responseEnd } = r.timing();
        const timed = startTime > 0;
        const ev = this.timeline.request('browser', r.method(), url.pathname + url.search, timed ? startTime - this.timeline.start : (sent.get(r) ?? this.timeline.now()));
        ev.end = timed && responseEnd >= 0 ? ev.t + responseEnd : this.timeline.now();
        ev.detail = response ? String(response.status()) : 'failed';
        if (!response) ev.short = r.failure()?.errorText ?? 'failed';
      };
      // A response that can no longer be read (the run stopping closed the browser under it) is not recorded.
      const record = (r: import('playwright').Request, failed: boolean) => void done(r, failed).catch(() => undefined);
      page.on('requestfinished', (r) => record(r, false));
      page.on('requestfailed', (r) => record(r, true));
      return page;
    })();
    return this.pageP;
  }

  /** The page the run opened, if it did. */
  async openedPage(): Promise<Page | undefined> {
    return this.pageP?.catch(() => undefined);
  }

  /** The page as it is now, if the run opened one. */
  async screenshot(): Promise<Buffer | undefined> {
    const page = await this.openedPage();
    return page && !page.isClosed() ? page.screenshot().catch(() => undefined) : undefined;
  }

  /** The error log's raw lines (line ends removed). */
  errorLines(): string[] {
    return readLines(this.stack.errorLogPath);
  }

  errorLog(): ErrorLogEntry[] {
    return this.errorLines().flatMap((l) => parseErrorLine(l) ?? []);
  }

  /** The error-log lines of every stack of the run, each with when it was written (ms on the timeline, within [from, t]). */
  timedErrorLog(): { entry: ErrorLogEntry; t: number; from: number }[] {
    this.timeline.poll();
    return this.timeline.events.flatMap((e) => {
      const entry = e.kind === 'error-log' ? parseErrorLine(e.label) : undefined;
      return entry ? [{ entry, t: e.t, from: e.from ?? e.t }] : [];
    });
  }

  accessLog(): AccessLogEntry[] {
    return readLines(this.stack.accessLogPath).flatMap((l) => parseAccessLine(l) ?? []);
  }

  /**
   * What `harness doctor` says of the error and access logs this run has left (every prefix's), with
   * the confs the stacks ran as evidence, as `harness doctor --conf` reads them.
   */
  diagnosis(): Diagnosis {
    const read = (name: string) => Buffer.concat(this.prefixes.map((p) => readBytes(join(p, 'logs', name))));
    const confs = this.prefixes.map((p) => join(p, 'conf', 'nginx.conf')).filter((f) => existsSync(f));
    return diagnose(read('error.log'), { accessLogBytes: read('access.log'), conf: confs.length ? readConfFacts(confs).conf : undefined });
  }

  /** Undoes the faults and stops the stacks; `stopped`: the run was cut short, and its page is closed first, so that no step waits on it. */
  async finish(o: { stopped?: boolean } = {}): Promise<void> {
    this.finished = true;
    if (o.stopped) await (await this.openedPage())?.close();
    // Undone while the timeline still follows the logs; each stack's stop would undo them too, unseen.
    for (const life of [...this.lives].reverse()) await life.faults.restore().catch(() => undefined);
    this.timeline.stop();
    // A fault that failed to undo was left above; the stop still stops its stack.
    await Promise.all(this.lives.map((l) => l.stop({ faultNotUndone: () => undefined })));
  }
}

/**
 * Has the admin server behind a new stack answer a login and a page directly (not through the
 * proxy, so no log line and no failed peer), before any step: a first answer loads code on first
 * use (the stand-in's controllers, a JVM's JIT), which on a loaded machine outlasts the 1 s
 * proxy_read_timeout the scenarios time against. Then times a second, warm login and page: how long
 * an answer takes here now (0 when there is no admin server of the harness's, or it would not answer).
 * The caller empties the journal after it: the steps' checks read only their own requests.
 */
async function warmUp(stack: Stack): Promise<number> {
  const admin = stack.addresses().admin[0];
  if (!admin) return 0;
  const call = async (method: 'GET' | 'POST', path: string, o: { body?: string; headers?: Record<string, string> }) => {
    const r = await request(`http://${admin}${path}`, { method, ...o, headersTimeout: 30_000, bodyTimeout: 30_000 });
    return r.body.text();
  };
  const loginAndPage = async () => {
    const body = await call('POST', '/admin/employee/login', { body: JSON.stringify({ username: 'admin', password: '123456' }), headers: { 'content-type': 'application/json' } });
    const token = (JSON.parse(body) as { data?: { token?: string } }).data?.token ?? '';
    await call('GET', '/admin/employee/page?page=1&pageSize=10', { headers: { token } });
  };
  try {
    await loginAndPage();
    const t0 = performance.now();
    await loginAndPage();
    return performance.now() - t0;
  } catch {
    // A user's own server that is down or has other accounts: the scenario shows what that does.
    return 0;
  }
}

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    return Buffer.alloc(0);
  }
}

// Playwright's expect colours its messages for a terminal; the verdicts are read in files too.
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

function readLines(path: string): string[] {
  return readBytes(path).toString('latin1').split('\n').map((l) => l.replace(/\r$/, '')).filter(Boolean);
}
