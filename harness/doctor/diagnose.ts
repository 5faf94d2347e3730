// Lines of an error log → a diagnosis: parse each line with the shared parser (harness/logs),
// group the recognised ones into incidents and explain each; the rest are listed as unrecognised.
import { parseErrorLine } from '../logs/error-log.js';
import type { AccessIndex } from './access.js';
import type { Diagnosis, Group, Line } from './types.js';
import type { RawLine } from './read.js';
import { explainGroup, groupLines } from './incidents.js';
import { seconds } from './facts.js';

export interface Analysis {
  diagnosis: Diagnosis;
  /** The groups behind diagnosis.incidents, index for index. */
  groups: Group[];
}

/** Blank lines are skipped: they are neither evidence nor a line nginx wrote. */
export function analyse(raw: RawLine[], opts: { access?: AccessIndex; settled?: boolean } = {}): Analysis {
  const lines: Line[] = [];
  const unrecognised: number[] = [];
  for (const r of raw) {
    if (!r.text.trim()) continue;
    const entry = parseErrorLine(r.text);
    if (!entry) unrecognised.push(r.no);
    else lines.push({ no: r.no, text: r.text, entry, t: seconds(entry.time) });
  }
  const groups = groupLines(lines);
  const view = { lines, access: opts.access, settled: opts.settled ?? false };
  const diagnosis: Diagnosis = { incidents: groups.map((g) => explainGroup(g, view)), unrecognised };
  if (opts.access) diagnosis.access = opts.access.summary;
  return { diagnosis, groups };
}
