// Lines → incidents. Each line is classified (conditions/), then joins an incident by its
// grouping rule:
//   attempt       the tries of one request (same pid, *conn and request line) on different peers,
//                 within the time a retry takes: the refused pair [::1] + 127.0.0.1 is one incident;
//   nolive        `no live upstreams` completes a request whose single try just failed (nginx 3d:
//                 the refused try leads), else joins the burst of 502s of that worker (10 s apart at most);
//   repeat        the same start-up failure again and again, while nothing else comes between;
//   key           the lines of that key, each within a day of the previous (one static path, one
//                 upload path, one signal target, ...; EPISODE_S), or a minute (notices, resets);
//   exit/respawn  `worker process N exited` joins what made worker N fail (an [emerg] of pid N),
//                 and `could not respawn` joins that crash: the alerts of one crash are one incident.
import type { Condition, ConditionId, Group, Incident, Line, LogView } from './types.js';
import { classify, condition as conditionOf } from './conditions/index.js';
import { linePeer } from './facts.js';

const UPSTREAM_TRIES: ReadonlySet<ConditionId> = new Set(['upstream-refused', 'upstream-timeout', 'upstream-closed', 'upstream-reset']);
const SEVERE = new Set(['emerg', 'alert', 'crit']);

/** `b` comes at most `windowS` seconds after `a` (lines of the stderr form have no time: always). */
function within(a: Line | undefined, b: Line, windowS: number): boolean {
  if (!a) return false;
  if (a.t === undefined || b.t === undefined) return true;
  const d = b.t - a.t;
  return d >= -1 && d <= windowS;
}

const lastOf = (g: Group) => g.lines[g.lines.length - 1];

/** Lines → incidents, one line at a time, in log order (a log is streamed, never held whole). */
export class Grouper {
  private attempts = new Map<string, Group>();
  /** The attempt groups of each connection (pid|conn), for a cut line whose request is a prefix. */
  private attemptsByConn = new Map<string, Group[]>();
  private keyed = new Map<string, Group>();
  private bursts = new Map<number, Group>();
  private crashes = new Map<number, Group>();
  private severeByPid = new Map<number, Group>();
  /** The group of the last line that was not a notice: a `repeat` group grows only while it is that. */
  lastProblem: Group | undefined;
  /** Where each group is looked up from, to forget it once sealed. */
  private refs = new Map<Group, [Map<unknown, Group>, unknown][]>();

  /** The group that `line` joins or opens (a new one has no `slot` yet). */
  add(line: Line): Group {
    const { condition, grouping } = classify(line.entry);
    const open = (key: string, windowS?: number): Group => {
      const g: Group = { condition, grouping: grouping.by, key, lines: [line], detail: {} };
      if (windowS !== undefined) g.windowS = windowS;
      return g;
    };
    let g: Group | undefined;
    switch (grouping.by) {
      case 'attempt': {
        const prev = live(this.attemptFor(grouping.key, line));
        const samePeerAgain = prev?.tried?.has(grouping.peer) === true && !(lastOf(prev).t === line.t);
        if (prev && !prev.closed && prev.condition === condition && grouping.retries && within(lastOf(prev), line, grouping.windowS) && !samePeerAgain) {
          g = prev;
          g.lines.push(line);
        } else {
          g = open(grouping.key, grouping.windowS);
          g.tried = new Set();
          this.register(this.attempts, grouping.key, g);
          const conn = connOf(line);
          const list = this.attemptsByConn.get(conn) ?? [];
          list.push(g);
          this.attemptsByConn.set(conn, list);
        }
        g.tried!.add(grouping.peer);
        break;
      }
      case 'nolive': {
        const prev = live(this.attemptFor(grouping.key, line));
        if (prev && !prev.closed && prev.lines.length === 1 && UPSTREAM_TRIES.has(prev.condition) && within(lastOf(prev), line, 5)) {
          g = prev;
          g.lines.push(line);
          prev.closed = true;
          break;
        }
        const burst = live(this.bursts.get(grouping.pid));
        if (burst && within(lastOf(burst), line, 10)) {
          g = burst;
          g.lines.push(line);
        } else {
          g = open(`nolive|${grouping.pid}`, 10);
          this.register(this.bursts, grouping.pid, g);
        }
        break;
      }
      case 'after-attempt': {
        const prev = live(this.attempts.get(grouping.key));
        if (prev && within(lastOf(prev), line, 2)) {
          g = prev;
          g.lines.push(line);
        } else {
          const k = `info|info|${line.entry.pid}`;
          const i = live(this.keyed.get(k));
          if (i && within(lastOf(i), line, 60)) (g = i).lines.push(line);
          else {
            g = { condition: 'info', grouping: 'key', key: k, lines: [line], detail: {}, windowS: 60 };
            this.register(this.keyed, k, g);
          }
        }
        break;
      }
      case 'repeat': {
        const last = live(this.lastProblem);
        if (last && last.condition === condition && last.grouping === 'repeat' && (grouping.key === null || last.key === grouping.key)) {
          g = last;
          g.lines.push(line);
        } else {
          g = open(grouping.key ?? condition);
        }
        break;
      }
      case 'key': {
        const k = `${condition}|${grouping.key}`;
        const prev = live(this.keyed.get(k));
        if (prev && within(lastOf(prev), line, grouping.windowS)) {
          g = prev;
          g.lines.push(line);
        } else {
          g = open(grouping.key, grouping.windowS);
          this.register(this.keyed, k, g);
        }
        break;
      }
      case 'exit': {
        // What made worker N fail leads its incident, if the doctor knows what that was.
        const cause = known(live(this.severeByPid.get(grouping.worker)));
        // Else the exit of the same worker just logged (Linux: "exited with code 2", then FATAL).
        const key = `exit|${grouping.master}|${grouping.worker}`;
        const crash = live(this.crashes.get(grouping.master));
        const joined = cause && within(lastOf(cause), line, 5) ? cause : crash?.key === key && within(lastOf(crash), line, 5) ? crash : undefined;
        if (joined) {
          g = joined;
          g.lines.push(line);
          if (condition === 'respawn-failed') g.condition = condition;
        } else {
          g = open(key, 5);
        }
        this.register(this.crashes, grouping.master, g);
        break;
      }
      case 'respawn': {
        const crash = known(live(this.crashes.get(grouping.master)));
        if (crash && within(lastOf(crash), line, 5)) {
          g = crash;
          g.lines.push(line);
          if (g.condition === 'worker-crashed') g.condition = 'respawn-failed';
        } else {
          g = open(`respawn|${grouping.master}`, 5);
          this.register(this.crashes, grouping.master, g);
        }
        break;
      }
      default:
        g = open(condition);
    }
    if (condition !== 'info') this.lastProblem = g;
    if (line.entry.pid !== undefined && SEVERE.has(line.entry.level)) this.register(this.severeByPid, line.entry.pid, g);
    return g;
  }

  /** The group is reported: no line joins it any more, and its lines are let go. */
  seal(g: Group): void {
    g.sealed = true;
    g.lines = [];
    for (const [map, key] of this.refs.get(g) ?? []) if (map.get(key) === g) map.delete(key);
    this.refs.delete(g);
    if (g.grouping === 'attempt') {
      const conn = g.key.slice(0, g.key.indexOf('|', g.key.indexOf('|') + 1));
      const list = this.attemptsByConn.get(conn)?.filter((x) => x !== g);
      if (list?.length) this.attemptsByConn.set(conn, list);
      else this.attemptsByConn.delete(conn);
    }
  }

  private register<K>(map: Map<K, Group>, key: K, g: Group): void {
    map.set(key, g);
    const refs = this.refs.get(g) ?? [];
    refs.push([map as Map<unknown, Group>, key]);
    this.refs.set(g, refs);
  }

  /** The open attempt group of a request; a cut line's request may be a prefix of the whole one. */
  private attemptFor(key: string, line: Line): Group | undefined {
    const exact = this.attempts.get(key);
    if (exact || !line.entry.truncated) return exact;
    const list = this.attemptsByConn.get(connOf(line)) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (!list[i].sealed && list[i].key.startsWith(key) && within(lastOf(list[i]), line, 65)) return list[i];
    return undefined;
  }
}

/** `pid|conn`: the start of an attempt key (upstream.ts attemptKey: pid|conn|request). */
const connOf = (l: Line) => `${l.entry.pid}|${l.entry.conn}`;
/** A group lines may still join: not sealed. */
const live = (g: Group | undefined) => (g && !g.sealed ? g : undefined);
/** A group with a diagnosis: a worker's exit joins it, never an unknown line. */
const known = (g: Group | undefined) => (g && g.condition !== 'unknown' ? g : undefined);

export function explainGroup(g: Group, log: LogView): Incident {
  const c: Condition = conditionOf(g.condition);
  const x = c.explain(g, log);
  const detail = { ...g.detail, ...(x.detail ?? {}) };
  const incident: Incident = { condition: g.condition, lines: g.lines.map((l) => l.no).sort((a, b) => a - b), cause: x.cause, fix: x.fix };
  if (Object.keys(detail).length) incident.detail = detail;
  return incident;
}

/** Incidents with the same explanation (condition, cause, fix) are one entry of the text report. */
export function explanationOf(i: Incident): string {
  return `${i.condition}\n${i.cause}\n${i.fix}`;
}

/** An incident that needs no action: notices, the course's shipped lines, harmless 404s and resets. */
export function isProblem(i: Incident): boolean {
  return i.condition !== 'info' && i.detail?.harmless !== true && i.detail?.shipped !== true;
}

/** The refused pair is whole (both peers tried): nothing more can join it. */
export function isComplete(g: Group): boolean {
  if (g.condition !== 'upstream-refused') return false;
  const hosts = new Set(g.lines.map((l) => linePeer(l.entry)?.family).filter((f) => f !== undefined));
  return hosts.size >= 2 || g.lines.some((l) => l.entry.message === 'no live upstreams');
}
