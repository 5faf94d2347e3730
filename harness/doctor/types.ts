// The doctor's vocabulary: conditions, the lines they are read from, how lines group into
// incidents, and what a condition module provides.
import type { ErrorLogEntry } from '../logs/error-log.js';
import type { AccessIndex, AccessSummary } from './access.js';
import type { LogIndex, Line } from './log-index.js';
import type { ConfFacts } from './conf.js';
import type { ConditionId, Incident } from './incident.js';

// A line, and the access log's summary, are defined beside what reads them (log-index.ts, access.ts);
// the conditions and an incident in incident.ts, which imports nothing (what makes incidents does).
export type { AccessSummary, Line };
export { CONDITION_IDS, SERVER_CONDITION_IDS, type ConditionId, type ServerConditionId, type Incident } from './incident.js';

/**
 * The same failure again within a day (a 404 of one path, 413s of one upload, a signal to one
 * pid, nginx proxying to itself) belongs to one incident; after a day of quiet it is a new episode.
 */
export const EPISODE_S = 86400;

export interface Diagnosis {
  incidents: Incident[];
  unrecognised: number[];
  /** Present when an access log was given (the text report shows it; the JSON does not). */
  access?: AccessSummary;
}

/** How a line joins others into one incident. */
export type Grouping =
  /** One try of one request on one peer: the tries of a request are one incident. */
  | { by: 'attempt'; key: string; peer: string; windowS: number; retries: boolean }
  /** `no live upstreams`: ends the request whose other try failed just before, else a burst. */
  | { by: 'nolive'; key: string; pid: number }
  /** A `[warn] upstream server temporarily disabled` follows the try it is about. */
  | { by: 'after-attempt'; key: string }
  /** The same failure again and again (start-up failures): one incident while nothing else intervenes. */
  | { by: 'repeat'; key: string | null }
  /** Every line with this key, each within windowS of the previous one (EPISODE_S, or less). */
  | { by: 'key'; key: string; windowS: number }
  /** `worker process N exited ...`: joins what made worker N fail, else starts a crash. */
  | { by: 'exit'; master: number; worker: number }
  /** `could not respawn worker` and friends: the rest of the crash of this master. */
  | { by: 'respawn'; master: number }
  | { by: 'single' };

/** Lines grouped into one incident, before it is explained. */
export interface Group {
  condition: ConditionId;
  grouping: Grouping['by'];
  key: string;
  lines: Line[];
  /** Facts the grouping found (the family verdict, the access log's statuses, ...). */
  detail: Record<string, unknown>;
  /** How long after its last line another may still join it (s); unset: no such limit. */
  windowS?: number;
  /** Explained and let go (or reported, in --follow): later lines start a new incident. */
  sealed?: boolean;
  /** attempt: the peers tried; closed once `no live upstreams` ended the request. */
  tried?: Set<string>;
  closed?: boolean;
  /** Its place among the incidents (the order of first lines). */
  slot?: number;
}

export interface LogView {
  /** Facts from the whole log seen so far. */
  index: LogIndex;
  /** The port this nginx process proxied to (index.port, noting when it is not known yet). */
  portOf(pid: number | undefined): number | undefined;
  /** The first request line after the crash line `no` (index.requestAfter, noting when there is none yet). */
  requestAfter(no: number): number | undefined;
  /** The nginx folders the log's paths name (index.folders; a later line may name another). */
  folders(): string[];
  access?: AccessIndex;
  /** The user's nginx.conf (--conf): the fix names the line to change. */
  conf?: ConfFacts;
  /**
   * True when the log is known to go on quietly after this group (--follow, nothing joined it for
   * a while): a missing retry line then means the retry worked, not that the copy of the log ended.
   */
  settled(g: Group): boolean;
}

export interface Explained {
  cause: string;
  fix: string;
  detail?: Record<string, unknown>;
}

/** A condition: which lines are its evidence, how they group, and what they mean. */
export interface Condition {
  id: ConditionId;
  /** How this line groups, when the line is evidence of this condition. */
  match(e: ErrorLogEntry): Grouping | undefined;
  explain(g: Group, log: LogView): Explained;
}
