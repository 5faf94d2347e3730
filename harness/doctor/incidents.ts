// Lines → incidents. Each line is classified (conditions/), then joins an incident by its
// grouping rule:
//   attempt       the tries of one request (same pid, *conn and request line) on different peers,
//                 within the time a retry takes: the refused pair [::1] + 127.0.0.1 is one incident;
//   nolive        `no live upstreams` completes a request whose single try just failed (nginx 3d:
//                 the refused try leads), else joins the burst of 502s of that worker (10 s apart at most);
//   repeat        the same start-up failure again and again, while nothing else comes between;
//   key           every line of that key (one static path, one upload path, one signal target, ...);
//   exit/respawn  `worker process N exited` joins what made worker N fail (an [emerg] of pid N),
//                 and `could not respawn` joins that crash: the alerts of one crash are one incident.
import type { Condition, ConditionId, Group, Grouping, Incident, Line, LogView } from './types.js';
import { classify, condition as conditionOf } from './conditions/index.js';
import { peerOf } from './facts.js';

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

export function groupLines(lines: Line[]): Group[] {
  const groups: Group[] = [];
  const attempts = new Map<string, Group>();
  const peers = new Map<Group, Set<string>>();
  const closed = new Set<Group>();
  const keyed = new Map<string, Group>();
  const bursts = new Map<number, Group>();
  const crashes = new Map<number, Group>();
  const severeByPid = new Map<number, Group>();
  let lastProblem: Group | undefined;

  const open = (condition: ConditionId, grouping: Grouping, key: string, line: Line): Group => {
    const g: Group = { condition, grouping: grouping.by, key, lines: [line], detail: {} };
    groups.push(g);
    return g;
  };

  /** The open attempt group of a request; a cut line's request may be a prefix of the whole one. */
  const attemptFor = (key: string, line: Line): Group | undefined => {
    const exact = attempts.get(key);
    if (exact || !line.entry.truncated) return exact;
    for (const [k, g] of attempts) if (k.startsWith(key) && within(lastOf(g), line, 65)) return g;
    return undefined;
  };

  for (const line of lines) {
    const { condition, grouping } = classify(line.entry);
    let g: Group | undefined;
    switch (grouping.by) {
      case 'attempt': {
        const prev = attemptFor(grouping.key, line);
        const seen = prev ? peers.get(prev)! : undefined;
        const samePeerAgain = seen?.has(grouping.peer) === true && !(lastOf(prev!).t === line.t);
        if (prev && !closed.has(prev) && prev.condition === condition && grouping.retries && within(lastOf(prev), line, grouping.windowS) && !samePeerAgain) {
          g = prev;
          g.lines.push(line);
        } else {
          g = open(condition, grouping, grouping.key, line);
          attempts.set(grouping.key, g);
          peers.set(g, new Set());
        }
        peers.get(g)!.add(grouping.peer);
        break;
      }
      case 'nolive': {
        const prev = attemptFor(grouping.key, line);
        if (prev && !closed.has(prev) && prev.lines.length === 1 && UPSTREAM_TRIES.has(prev.condition) && within(lastOf(prev), line, 5)) {
          g = prev;
          g.lines.push(line);
          closed.add(prev);
          break;
        }
        const burst = bursts.get(grouping.pid);
        if (burst && within(lastOf(burst), line, 10)) {
          g = burst;
          g.lines.push(line);
        } else {
          g = open(condition, grouping, `nolive|${grouping.pid}`, line);
          bursts.set(grouping.pid, g);
        }
        break;
      }
      case 'after-attempt': {
        const prev = attempts.get(grouping.key);
        if (prev && within(lastOf(prev), line, 2)) {
          g = prev;
          g.lines.push(line);
        } else {
          const k = `info|info|${line.entry.pid}`;
          const i = keyed.get(k);
          if (i && within(lastOf(i), line, 60)) (g = i).lines.push(line);
          else keyed.set(k, (g = open('info', { by: 'key', key: k }, k, line)));
        }
        break;
      }
      case 'repeat': {
        if (lastProblem && lastProblem.condition === condition && lastProblem.grouping === 'repeat' && (grouping.key === null || lastProblem.key === grouping.key)) {
          g = lastProblem;
          g.lines.push(line);
        } else {
          g = open(condition, grouping, grouping.key ?? condition, line);
        }
        break;
      }
      case 'key': {
        const k = `${condition}|${grouping.key}`;
        const prev = keyed.get(k);
        if (prev && (grouping.windowS === undefined || within(lastOf(prev), line, grouping.windowS))) {
          g = prev;
          g.lines.push(line);
        } else {
          g = open(condition, grouping, grouping.key, line);
          keyed.set(k, g);
        }
        break;
      }
      case 'exit': {
        const cause = severeByPid.get(grouping.worker);
        if (cause && within(lastOf(cause), line, 5)) {
          g = cause;
          g.lines.push(line);
        } else {
          g = open(condition, grouping, `exit|${grouping.master}`, line);
        }
        crashes.set(grouping.master, g);
        break;
      }
      case 'respawn': {
        const crash = crashes.get(grouping.master);
        if (crash && within(lastOf(crash), line, 5)) {
          g = crash;
          g.lines.push(line);
          if (g.condition === 'worker-crashed') g.condition = 'respawn-failed';
        } else {
          g = open(condition, grouping, `respawn|${grouping.master}`, line);
          crashes.set(grouping.master, g);
        }
        break;
      }
      default:
        g = open(condition, grouping, condition, line);
    }
    if (condition !== 'info') lastProblem = g;
    if (line.entry.pid !== undefined && SEVERE.has(line.entry.level)) severeByPid.set(line.entry.pid, g);
  }
  return groups;
}

export function explainGroup(g: Group, log: LogView): Incident {
  const c: Condition = conditionOf(g.condition);
  const x = c.explain(g, log);
  const detail = { ...g.detail, ...(x.detail ?? {}) };
  const incident: Incident = { condition: g.condition, lines: g.lines.map((l) => l.no).sort((a, b) => a - b), cause: x.cause, fix: x.fix };
  if (Object.keys(detail).length) incident.detail = detail;
  return incident;
}

/** An incident that needs no action: notices, the course's shipped lines, harmless 404s and resets. */
export function isProblem(i: Incident): boolean {
  return i.condition !== 'info' && i.detail?.harmless !== true && i.detail?.shipped !== true;
}

/** The refused pair is whole (both peers tried): nothing more can join it. */
export function isComplete(g: Group): boolean {
  if (g.condition !== 'upstream-refused') return false;
  const hosts = new Set(g.lines.map((l) => peerOf(l.entry.upstream)?.family).filter((f) => f !== undefined));
  return hosts.size >= 2 || g.lines.some((l) => l.entry.message === 'no live upstreams');
}
