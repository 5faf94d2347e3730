// Lines of an error log → a diagnosis, one line at a time: parse each line with the shared parser
// (harness/logs), index what explanations need from the rest of the log, group the recognised
// lines into incidents; the rest are listed as unrecognised. Linear in the log's length, and a
// group that can grow no more (a minute of log time after its last line, when nothing can join it
// and its verdict's window is closed) is explained there and then and its lines let go, so memory
// follows the incidents rather than the lines.
import { parseErrorLine } from '../logs/error-log.js';
import { parseAccessLine } from '../logs/access-log.js';
import type { AccessIndex } from './access.js';
import type { Diagnosis, Group, Incident, Line, LogView } from './types.js';
import { fromServiceLog, linesOf, unwrapped, type RawLine } from './read.js';
import { explainGroup, explanationOf, Grouper } from './grouper.js';
import { LogIndex } from './log-index.js';
import { detached, seconds } from './facts.js';
import { MinHeap } from './heap.js';
import type { ConfFacts } from './conf.js';

/** What the lines were, for telling a log that is not an nginx error log. */
export interface LineCounts {
  /** Lines that are not blank. */
  lines: number;
  recognised: number;
  /** Unrecognised lines that read as access-log lines. */
  accessLike: number;
  /** Unrecognised lines with control characters or NULs: a binary file. */
  binaryLike: number;
}

export interface AnalyserOptions {
  /** Keep the text of the lines a report quotes (the text report; --json needs none). */
  keepText?: boolean;
  /** The user's nginx.conf (--conf): fixes name the line to change. */
  conf?: ConfFacts;
}

/** The most characters of cause, fix and facts texts kept for sharing (about 2 MiB). */
export const INTERNED_CHARS = 1 << 20;
/** seal() compacts the slots once this many (and half of them) are empty. */
const COMPACT_AT = 1024;
/** Log time after a group's last line from which nothing joins it and its verdict is settled (s). */
const SETTLED_AFTER_S = 65;
const SAMPLE = 3;
/** A FastCGI stderr text nginx logged with its newlines: the next lines are the rest of it. */
const STDERR_OPEN = /^FastCGI sent in stderr: "/;
const BINARY = /[\x00-\x08\x0e-\x1f]/;

export class Analyser {
  readonly index = new LogIndex();
  readonly unrecognised: number[] = [];
  readonly counts: LineCounts = { lines: 0, recognised: 0, accessLike: 0, binaryLike: 0 };
  /** Lines read, blank ones included. */
  lines = 0;
  /** Explain groups as soon as they can grow no more (off while --follow reports them itself). */
  finishEarly = true;
  private grouper = new Grouper();
  /** Incidents, and groups not explained yet, in the order of their first lines (null: reported by --follow). */
  private slots: (Group | Incident | null)[] = [];
  private deadlines = new MinHeap<Group>();
  private texts = new Map<number, string>();
  /** The FastCGI stderr line whose text goes on in the next lines. */
  private continuing?: { group: Group; line: Line };
  /** The lines kept for quoting, by explanation (keepText). */
  private quoted = new Map<string, number[]>();
  /** One copy of each cause and fix text: a long log repeats the same few. */
  private interned = new Map<string, unknown>();
  /** The characters of the keys in `interned`: a cause that names each request is new every time. */
  private internedChars = 0;

  constructor(
    private readonly access?: AccessIndex,
    private readonly opts: AnalyserOptions = {},
  ) {}

  /** Groups not explained yet. */
  get groups(): Group[] {
    return this.slots.filter((s): s is Group => s !== null && !isIncident(s));
  }

  /** Blank lines are skipped: they are neither evidence nor a line nginx wrote. */
  add(r: RawLine): Group | undefined {
    this.lines = r.no;
    this.open = undefined;
    if (!r.text.trim()) return undefined;
    this.counts.lines++;
    let entry = parseErrorLine(r.text);
    if (!entry) {
      entry = parseWrapped(r.text);
      if (entry && fromServiceLog(r.text)) this.index.serviceManager = true;
    }
    if (!entry && this.continued(r)) return this.continuing?.group;
    this.continuing = undefined;
    if (!entry) {
      this.unrecognised.push(r.no);
      if (this.unrecognised.length <= SAMPLE) this.texts.set(r.no, r.text);
      if (BINARY.test(r.text)) this.counts.binaryLike++;
      else if (parseAccessLine(r.text)) this.counts.accessLike++;
      return undefined;
    }
    this.counts.recognised++;
    const line = { no: r.no, text: r.text, entry, t: seconds(entry.time) };
    this.index.add(line);
    this.access?.errorLine(entry, line.t);
    const g = this.grouper.add(line);
    if (entry.truncated && entry.client === undefined && STDERR_OPEN.test(entry.message)) this.continuing = { group: g, line };
    if (g.slot === undefined) {
      g.slot = this.slots.length;
      this.slots.push(g);
    }
    if (line.t !== undefined) {
      // After the line had its chance to join them: the groups a minute older than it are done.
      // (--follow settles its groups itself, by the clock: no deadlines kept for it.)
      if (this.finishEarly) {
        if (g.windowS !== undefined || g.grouping === 'repeat') this.deadlines.push(line.t + doneAfter(g), g);
        for (const old of this.deadlines.popUntil(line.t, false)) this.finish(old, line.t);
      }
      this.index.prune(line.t);
    }
    return g;
  }

  /**
   * A line of the text PHP-FPM wrote to its stderr, which nginx logs as it comes, newlines and all
   * (a stack trace): it belongs to the line it continues, up to the one that ends the quote.
   */
  private continued(r: RawLine): boolean {
    const c = this.continuing;
    if (!c || c.group.sealed) return false;
    c.group.lines.push({ no: r.no, text: r.text, entry: c.line.entry, t: c.line.t });
    this.counts.recognised++;
    const end = /"(?: while [^"]*)?(?:, client: |$)/.exec(r.text);
    if (end) {
      // The last line carries the request's context: the whole entry is its first line and this end.
      const whole = parseErrorLine(`${c.line.text}${r.text.slice(end.index)}`);
      if (whole) Object.assign(c.line.entry, whole, { message: c.line.entry.message, truncated: undefined });
      this.continuing = undefined;
    }
    return true;
  }

  /** The incident of a group, from what the log says so far; `settled`: see LogView. */
  explain(g: Group, settled: (g: Group) => boolean = () => false): Incident {
    return this.intern(explainGroup(g, this.view(settled)));
  }

  /** What explanations read of the log; `unknown` hears of each fact a later line could still give. */
  private view(settled: (g: Group) => boolean, unknown = () => {}): LogView {
    const known = <T>(v: T | undefined) => {
      if (v === undefined) unknown();
      return v;
    };
    return {
      index: this.index,
      access: this.access,
      conf: this.opts.conf,
      settled,
      portOf: (pid) => known(this.index.port(pid)),
      requestAfter: (no) => known(this.index.requestAfter(no)),
      folders: () => {
        unknown();
        return [...this.index.folders.keys()];
      },
    };
  }

  /** The group is reported (--follow) or explained for good: later lines start a new one. */
  seal(g: Group): void {
    for (const l of g.lines) this.index.forget(l.no);
    this.grouper.seal(g);
    if (this.slots[g.slot!] !== g) return;
    this.slots[g.slot!] = null;
    if (++this.reported >= COMPACT_AT && this.reported * 2 >= this.slots.length) this.compact();
  }
  /** Slots emptied by seal() since the last compact(). */
  private reported = 0;

  /** --follow reports every group and keeps none: the emptied slots go, so that a log followed for hours costs nothing per line. */
  private compact(): void {
    this.slots = this.slots.filter((s) => s !== null);
    this.slots.forEach((s, i) => {
      if (!isIncident(s!)) (s as Group).slot = i;
    });
    this.reported = 0;
  }

  /** The incidents so far, but for the groups `held` (--follow reports them once they are whole). */
  diagnosis(held: ReadonlySet<Group> = new Set()): Diagnosis {
    const incidents = this.slots.flatMap((s) => (s === null || held.has(s as Group) ? [] : isIncident(s) ? [s] : [this.explain(s)]));
    // What the access log shows alone comes after what the error log explains.
    if (this.access) incidents.push(...this.access.incidents().map((i) => this.intern(i)));
    const d: Diagnosis = { incidents, unrecognised: [...this.unrecognised] };
    if (this.access) d.access = this.access.summary;
    return d;
  }

  /** The text of a line a report quotes (with keepText), or of one of the first unrecognised lines. */
  readonly text = (no: number): string | undefined => {
    if (!this.open) {
      this.open = new Map();
      for (const g of this.groups) for (const l of g.lines) this.open.set(l.no, l.text);
    }
    return this.texts.get(no) ?? this.open.get(no);
  };
  /** The lines of the groups not explained yet, by number (built when first quoted). */
  private open?: Map<number, string>;

  /** Explains a group whose deadline passed, unless it grew since, may still grow, or lacks a fact. */
  private finish(g: Group, now: number): void {
    const last = g.lines[g.lines.length - 1];
    if (g.sealed || last.t === undefined || last.t + doneAfter(g) >= now) return;
    if (g.grouping === 'repeat' && this.grouper.lastProblem === g) {
      this.deadlines.push(now + doneAfter(g), g); // it may still grow: look again later
      return;
    }
    let missing = false;
    const incident = this.intern(explainGroup(g, this.view(() => false, () => (missing = true))));
    if (missing) return; // a later line may still tell: explained at the end
    if (this.opts.keepText) this.keepQuote(incident, g);
    this.slots[g.slot!] = incident;
    this.seal(g);
  }

  /** The report quotes the newest incident of each explanation: only its lines' text is kept. */
  private keepQuote(i: Incident, g: Group): void {
    const key = explanationOf(i);
    const kept = this.quoted.get(key);
    const last = i.lines[i.lines.length - 1];
    if (kept && kept[kept.length - 1] > last) return;
    for (const no of kept ?? []) this.texts.delete(no);
    const lines = quoted(g.lines);
    for (const l of lines) this.texts.set(l.no, l.text);
    this.quoted.set(key, lines.map((l) => l.no));
  }

  /**
   * One copy of each cause, fix and set of facts (a long log repeats the same few), copied so that
   * they do not keep the lines they were cut from alive; the facts are frozen, as incidents share them.
   */
  private intern(i: Incident): Incident {
    i.cause = this.once(i.cause, detached);
    i.fix = this.once(i.fix, detached);
    if (i.detail) i.detail = this.once(JSON.stringify(i.detail), (facts) => Object.freeze(JSON.parse(facts) as Record<string, unknown>));
    return i;
  }

  private once<T>(key: string, make: (key: string) => T): T {
    const known = this.interned.get(key) as T | undefined;
    if (known !== undefined) return known;
    const made = make(key);
    // Texts that name each request (a refused try's cause) are each new: beyond its bound the
    // table starts again, and the few texts a long log repeats are soon in it again.
    if ((this.internedChars += key.length) > INTERNED_CHARS) {
      this.interned.clear();
      this.internedChars = key.length;
    }
    // A text is its own key: one copy, not two.
    this.interned.set(typeof made === 'string' ? made : detached(key), made);
    return made;
  }
}


/** A line copied with a prefix on it (a compose service's name, a time, a journald prefix, an indent), read after it. */
function parseWrapped(text: string): ReturnType<typeof parseErrorLine> {
  const inner = unwrapped(text);
  return inner === undefined ? undefined : parseErrorLine(inner);
}

/** How long after its last line a group is done: past its own window and the verdict's. */
const doneAfter = (g: Group) => Math.max(g.windowS ?? 0, SETTLED_AFTER_S);

const isIncident = (s: Group | Incident): s is Incident => 'cause' in s;

/** The lines a report quotes of an incident: all up to four, else the first two and the last. */
export function quoted<T>(lines: readonly T[]): T[] {
  return lines.length <= 4 ? [...lines] : [lines[0], lines[1], lines[lines.length - 1]];
}

/** A log read piece by piece (a file of any size, standard input), analysed as it comes. */
export async function analyseLog(chunks: AsyncIterable<Uint8Array>, access?: AccessIndex, opts: AnalyserOptions = {}): Promise<Analyser> {
  const a = new Analyser(access, opts);
  for await (const lines of linesOf(chunks)) for (const r of lines) a.add(r);
  return a;
}
