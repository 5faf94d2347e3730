// Lines of a Spring Boot server's log → incidents, one line at a time (a log is streamed, never
// held whole). A head line opens an entry; the lines up to the next head continue it (a stack
// trace, a failure analysis). The entries of one start-up that failed are one incident, named by
// the most specific finding among them (the port, the database...); after `Started ... in N
// seconds`, the same finding again within a minute joins the one before (a connection pool retrying).
import type { Diagnosis, Incident } from '../types.js';
import type { RawLine } from '../read.js';
import type { LineCounts } from '../diagnose.js';
import { isBanner, parseServerLine, plain, streamPrefix } from './server-log.js';
import { findingOf, priority, type Finding, type ServerEntry } from './findings.js';
import { explainFinding, type ServerPlatform } from './explain.js';

/** A finding again within this many seconds of the last one joins its incident. */
const AGAIN_S = 60;
/** Lines of an entry read for its patterns: a stack trace longer than this says nothing more to them. */
const MAX_ENTRY_LINES = 400;
const SAMPLE = 3;

interface ServerGroup {
  finding: Finding;
  lines: number[];
  lastT?: number;
}

export class ServerAnalyser {
  readonly counts: LineCounts = { lines: 0, recognised: 0, accessLike: 0, binaryLike: 0 };
  readonly unrecognised: number[] = [];
  lines = 0;
  private entry?: ServerEntry;
  private groups: ServerGroup[] = [];
  /** The incident of the start-up under way (between `Starting X` and `Started X`). */
  private startup?: ServerGroup;
  private starting = false;
  private last?: ServerGroup;
  private appPackage?: string;
  private profiles?: string;
  private windows = false;
  private linux = false;
  /** The text of the lines a report may quote. */
  private texts = new Map<number, string>();
  /** A stream's prefix on every line (`admin   | ` of `harness up`), found on the first line of the log's shapes. */
  private prefix?: string;

  add(raw: RawLine): void {
    this.lines = raw.no;
    this.prefix ??= streamPrefix(raw.text);
    const r = this.prefix !== undefined && raw.text.startsWith(this.prefix) ? { no: raw.no, text: raw.text.slice(this.prefix.length) } : raw;
    if (!r.text.trim()) {
      if (this.entry && this.entry.rest.length < MAX_ENTRY_LINES) this.entry.rest.push({ no: r.no, text: '' });
      return;
    }
    this.counts.lines++;
    this.notePlatform(r.text);
    const line = parseServerLine(r.text);
    if (line) {
      this.counts.recognised++;
      this.close();
      this.entry = { head: { no: r.no, text: r.text, line }, rest: [] };
      this.notePhase(line.logger, line.message);
      return;
    }
    if (isBanner(r.text)) {
      this.counts.recognised++;
      this.close();
      this.entry = undefined;
      this.newRun();
      return;
    }
    if (this.entry) {
      this.counts.recognised++;
      if (this.entry.rest.length < MAX_ENTRY_LINES) this.entry.rest.push({ no: r.no, text: plain(r.text) });
      return;
    }
    this.unrecognised.push(r.no);
    if (this.unrecognised.length <= SAMPLE) this.texts.set(r.no, r.text);
  }

  /** The text of a line a report quotes. */
  readonly text = (no: number): string | undefined => this.texts.get(no);

  diagnosis(): Diagnosis {
    this.close();
    const platform: ServerPlatform = this.windows ? 'windows' : this.linux ? 'linux' : undefined;
    const incidents = this.groups.map((g): Incident => {
      const { cause, fix, detail } = explainFinding(g.finding, platform);
      return { condition: g.finding.condition, lines: g.lines, cause, fix, ...(detail ? { detail } : {}) };
    });
    return { incidents, unrecognised: [...this.unrecognised] };
  }

  /** Windows' paths and Winsock's wording, or a Linux home: which system's commands the fix gives. */
  private notePlatform(text: string): void {
    if (this.windows) return;
    if (/\b[A-Z]:\\|Address already in use: bind|Connection refused: (?:connect|no further information)|java\.exe/.test(text)) this.windows = true;
    else if (!this.linux && /(?:^|[\s(])\/(?:home|root|usr|opt|srv|var)\//.test(text)) this.linux = true;
  }

  /** `Starting SkyApplication using Java …` opens a start-up (and names the app's package); `Started … in` ends it. */
  private notePhase(logger: string, message: string): void {
    if (/^Starting (?!service|Servlet|ProtocolHandler)\S+ (?:v\S+ )?(?:using Java|on )/.test(message)) {
      this.newRun();
      const pkg = logger.split('.').slice(0, -1);
      if (pkg.length && pkg.every((p) => p.length > 1)) this.appPackage = pkg.join('.');
    } else if (/^The following \d+ profiles? (?:is|are) active: |^No active profile set/.test(message)) {
      // Spring Boot 2.7 quotes each: `"dev", "local"`; without one it falls back to "default".
      this.profiles = /^No active/.test(message) ? '' : [...message.matchAll(/"([^"]+)"/g)].map((p) => p[1]).join(', ');
    } else if (/^Started \S+ in [\d.]+ seconds/.test(message)) {
      this.starting = false;
      this.startup = undefined;
    }
  }

  private newRun(): void {
    this.starting = true;
    this.profiles = undefined;
    this.startup = undefined;
    this.last = undefined;
  }

  /** The entry is whole: what it shows joins its incident. */
  private close(): void {
    const e = this.entry;
    this.entry = undefined;
    if (!e) return;
    const text = [e.head.line.message, ...e.rest.map((l) => l.text)].join('\n');
    const finding = findingOf(e, { appPackage: this.appPackage, profiles: this.profiles, text });
    if (!finding) return;
    const byNo = new Map<number, string>([[e.head.no, plain(e.head.text)], ...e.rest.map((l): [number, string] => [l.no, l.text])]);
    const t = e.head.line.t;
    let g: ServerGroup | undefined;
    if (this.starting) {
      g = this.startup;
      if (g && priority(finding.condition) < priority(g.finding.condition)) g.finding = finding;
    } else {
      const last = this.last;
      const sameKey = last && (last.finding.key === finding.key || !last.finding.key || !finding.key);
      if (last && sameKey && last.finding.condition === finding.condition && (t === undefined || last.lastT === undefined || (t - last.lastT >= 0 && t - last.lastT <= AGAIN_S))) g = last;
      // The incident is explained by its finding that names the most (the address, once one does).
      if (g && !g.finding.key && finding.key) g.finding = finding;
    }
    if (!g) {
      g = { finding, lines: [] };
      this.groups.push(g);
      if (this.starting) this.startup = g;
    }
    for (const no of finding.evidence) this.keep(g, no, byNo.get(no) ?? '');
    g.lastT = t ?? g.lastT;
    this.last = g;
  }

  /**
   * Evidence joins the incident; the report quotes the first two lines and the last, so only their
   * text is kept, a stack frame's tab as spaces (the report escapes control characters).
   */
  private keep(g: ServerGroup, no: number, text: string): void {
    g.lines.push(no);
    this.texts.set(no, text.replace(/\t/g, '    '));
    const n = g.lines.length;
    if (n === 5) for (const old of g.lines.slice(2, 4)) this.texts.delete(old);
    else if (n > 5) this.texts.delete(g.lines[n - 2]);
  }
}

/** The first lines tell a Spring Boot log: a line of its shapes or its banner, with a stream's prefix or not. */
export function isServerLogLine(text: string): boolean {
  return parseServerLine(text) !== undefined || isBanner(text) || streamPrefix(text) !== undefined;
}
