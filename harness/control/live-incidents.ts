// The doctor on the stack's error log while it runs: `harness doctor --follow`'s follow(), in this
// process, each incident handed on once complete with the text of its lines.
import { follow } from '../doctor/follow.js';
import type { Incident } from '../doctor/types.js';

export interface LiveIncident {
  /** Its number, in the order reported. */
  n: number;
  condition: Incident['condition'];
  cause: string;
  fix: string;
  lines: { no: number; text: string }[];
  /** When it was reported. */
  at: string;
  /** It was in the log before this `harness up` was ready (the log of an earlier run in the same folder). */
  earlier?: boolean;
}

/** Of an earlier run's log, the page reads its last MiB: a log of 35 MB read whole cost the harness ~90 MiB. */
const EARLIER_BYTES = 1024 * 1024;

/** Follows `errorLog` until `signal` aborts; rejects when the log cannot be read. */
export function followIncidents(errorLog: string, on: (i: LiveIncident) => void, o: { signal: AbortSignal; onRestart?: (how: string) => void }): Promise<void> {
  let n = 0;
  const live = (i: Incident, text: (no: number) => string | undefined, earlier: boolean): LiveIncident => ({
    n: ++n,
    condition: i.condition,
    cause: i.cause,
    fix: i.fix,
    lines: i.lines.map((no) => ({ no, text: text(no) ?? '' })),
    at: new Date().toISOString(),
    ...(earlier ? { earlier } : {}),
  });
  return follow(
    errorLog,
    {
      start: (d, log) => d.incidents.forEach((i) => on(live(i, log.text, true))),
      incident: (i, text) => on(live(i, text, false)),
      restart: (how) => o.onRestart?.(how),
    },
    { signal: o.signal, tail: EARLIER_BYTES },
  );
}
