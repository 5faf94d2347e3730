// What the control page shows, kept up to date in the harness and pushed to every open page as
// server-sent events: the components (and each change of the workers), the timeline, the doctor's
// incidents, the faults applied (with what each has done so far). Loaded once the stack is ready, so that `harness up` is not
// slower to be ready for it; from then on it follows the logs whether a page is open or not, so
// that a page opened later shows the minutes before it too.
import type { ServerResponse } from 'node:http';
import type { Stack } from '../stack/stack.js';
import { LEGEND, ROWS } from '../timeline/marks.js';
import { ComponentsView, type WorkerChange } from './components.js';
import { followIncidents, type LiveIncident } from './live-incidents.js';
import { withAdminExit } from './admin-exit.js';
import { BATCH_EVENTS, LiveTimeline } from './live-timeline.js';
import { EventStreams, frame } from './sse.js';
import { messages } from '../i18n/index.js';
import { t as adminCommandText } from '../stack/admin-command.texts.js';
import { controlText } from './texts.js';

const t = messages({
  en: {
    'chaos.channel.workers': 'workers: {changes}',
    'chaos.channel.logRestarted': 'error.log {how}: its lines are numbered from 1 again',
    'chaos.channel.doctorStopped': 'the doctor stopped following {log}: {error}',
  },
  'zh-CN': {
    'chaos.channel.workers': 'worker：{changes}',
    'chaos.channel.logRestarted': 'error.log {how}：它的行号重新从 1 开始',
    'chaos.channel.doctorStopped': 'doctor 停止跟踪 {log}：{error}',
  },
});

/** What the page lists of a fault applied now (what `harness chaos status` lists). */
export interface AppliedView {
  id: number;
  label: string;
  progress?: string;
}

/** A fault as the page's form is drawn from it. */
export interface FaultView {
  name: string;
  summary: string;
  usage: string;
  params: readonly object[];
}

export interface LiveOptions {
  stack: Stack;
  startedAt: Date;
  faults: readonly FaultView[];
  applied(): AppliedView[];
  /** What the harness says in its terminal (the doctor giving up on the log, say). */
  note(text: string): void;
}

/** How soon after a request the faults' counts are sent: one update for a burst of requests. */
const APPLIED_SOON_MS = 50;

/** The incidents and worker changes kept for a page that opens later: the newest. */
const KEPT = 200;

function keep<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > KEPT) list.shift();
}

export class Live {
  readonly #streams = new EventStreams();
  readonly #timeline: LiveTimeline;
  readonly #components: ComponentsView;
  readonly #incidents: LiveIncident[] = [];
  readonly #workerChanges: WorkerChange[] = [];
  readonly #abort = new AbortController();
  #doctor?: string;
  readonly #following: Promise<void>;
  /** The faults applied as last sent, to send only a change. */
  #appliedSent = '';
  #appliedSoon?: NodeJS.Timeout;
  readonly #unlisten?: () => void;

  constructor(private readonly o: LiveOptions) {
    this.#timeline = new LiveTimeline(o.stack, (b) => {
      this.#streams.send('timeline', b);
      // A worker's exit is looked into at once, page or not (while a page is open the workers are watched anyway).
      if (b.events.some((e) => e.kind === 'error-log' && / worker process \d+ exited /.test(e.label))) void this.#components.look();
    });
    this.#components = new ComponentsView(o.stack, o.startedAt, (c) => {
      this.#timeline.mark('step', t('chaos.channel.workers', { changes: [...c.gone.map((pid) => controlText('control.worker.gone', { pid })), ...c.started.map((pid) => controlText('control.worker.started', { pid }))].join(', ') }));
      keep(this.#workerChanges, c);
      this.#streams.send('workers', c);
      void this.#sendComponents();
    });
    this.#following = followIncidents(
      o.stack.errorLogPath,
      (found) => {
        const i = withAdminExit(found, o.stack);
        keep(this.#incidents, i);
        this.#streams.send('incident', i);
      },
      { signal: this.#abort.signal, onRestart: (how) => this.#timeline.mark('step', t('chaos.channel.logRestarted', { how })) },
    ).catch((e: Error) => {
      if (this.#abort.signal.aborted) return;
      this.#doctor = t('chaos.channel.doctorStopped', { log: o.stack.errorLogPath, error: e.message });
      o.note(this.#doctor);
      this.#streams.send('doctor', { error: this.#doctor });
    });
    // A wire fault counts a request as it arrives at the admin stand-in (its --times, its --path's
    // matches): the list follows, as `harness chaos status` would say it then.
    this.#unlisten = o.stack.adminShell?.onRequest(() => {
      this.#appliedSoon ??= setTimeout(() => {
        this.#appliedSoon = undefined;
        this.#sendApplied();
      }, APPLIED_SOON_MS);
    });
    void this.#components.look();
    // The user's own server ending by itself: on the timeline, and in the components.
    const command = o.stack.adminCommand;
    void command?.exited.then(() => {
      if (command.stopping || this.#abort.signal.aborted) return;
      this.#timeline.mark('step', adminCommandText('adminCommand.exitedMark', { pid: command.pid, how: command.how() }));
      void this.#sendComponents();
    });
  }

  /** Opens a page's stream: everything it draws, then each change. */
  async attach(res: ServerResponse): Promise<void> {
    const hello = {
      components: await this.#components.read(),
      workerChanges: this.#workerChanges,
      faults: this.o.faults,
      applied: this.o.applied(),
      rows: ROWS,
      legend: LEGEND,
      timeline: { start: this.#timeline.start, events: this.#timeline.recent(BATCH_EVENTS), total: this.#timeline.count, dropped: this.#timeline.dropped },
      incidents: this.#incidents,
      doctor: this.#doctor,
    };
    this.#streams.open(res, frame('hello', hello));
    this.#components.watch(true);
    res.on('close', () => this.#components.watch(this.#streams.count > 0));
  }

  /** Something was done to the stack: on the timeline at once, and the page's panels brought up to date. */
  async changed(kind: 'fault' | 'step', text: string): Promise<void> {
    this.#timeline.mark(kind, text);
    this.#sendApplied();
    await this.#components.look();
    await this.#sendComponents();
  }

  /** The faults applied, to every page, when they changed since last sent. */
  #sendApplied(): void {
    const applied = this.o.applied();
    const text = JSON.stringify(applied);
    if (text === this.#appliedSent) return;
    this.#appliedSent = text;
    this.#streams.send('applied', applied);
  }

  async #sendComponents(): Promise<void> {
    if (this.#streams.count) this.#streams.send('components', await this.#components.read());
  }

  /** The whole timeline (timeline.json): every event kept, not only the page's. */
  timelineJson(): object {
    return this.#timeline.toJSON();
  }

  /** The stack is stopping: each page is told why, its stream ends, nothing is followed any more. */
  async close(why: string): Promise<void> {
    this.#components.watch(false);
    this.#unlisten?.();
    clearTimeout(this.#appliedSoon);
    this.#abort.abort();
    this.#timeline.stop();
    this.#streams.end('bye', { why });
    await this.#following;
  }
}
