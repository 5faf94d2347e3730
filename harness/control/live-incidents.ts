// The doctor on the stack's error log while it runs: `harness doctor --follow`'s follow(), in this
// process, each incident handed on once complete with the text of its lines.
import { follow } from '../doctor/follow.js';
import type { Incident } from '../doctor/types.js';
import { quoted } from '../doctor/diagnose.js';
import { detached } from '../doctor/facts.js';

export interface LiveIncident {
  /** Its number, in the order reported. */
  n: number;
  condition: Incident['condition'];
  cause: string;
  fix: string;
  /** The lines quoted, as the doctor's report quotes them (all up to four, else the first two and the last): a burst of 20,000 lines is one incident, not 40 MB. */
  lines: { no: number; text: string }[];
  /** Its lines, quoted or not: those between are in the log, not in the harness. */
  count: number;
  /** When it was reported. */
  at: string;
  /** It was in the log before this `harness up` was ready (the log of an earlier run in the same folder). */
  earlier?: boolean;
}

/** A line quoted keeps this many characters at most (nginx writes up to 2,048 bytes a line; another program's line may be 64 KB). */
export const QUOTED_CHARS = 4096;

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
    lines: quoted(i.lines).map((no) => ({ no, text: clip(text(no) ?? '') })),
    count: i.lines.length,
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

/** The line, cut at QUOTED_CHARS (a copy: a cut would keep the whole line alive). */
function clip(text: string): string {
  return text.length <= QUOTED_CHARS ? text : detached(text.slice(0, QUOTED_CHARS)) + '…';
}
