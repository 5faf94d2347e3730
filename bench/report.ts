// The results as a Markdown table (one row per figure: embedded, nginx, the ratio, the issue's
// target and pass/fail) and as JSON.
import type { Spread } from './stats.js';
import { machineLine, type Machine } from './machine.js';

export type Unit = 'req/s' | 'ms' | 'MiB' | 'µs';

export interface Target {
  /** Which of the issue's targets (for the summary). */
  id: 'default-rps' | 'keepalive-rps' | 'p99-c32' | 'startup' | 'crash' | 'fast-default-rps' | 'fast-keepalive-rps' | 'fast-default-floor' | 'fast-p99';
  text: string;
  pass: boolean;
  /** The measured value the target is judged on, as the summary states it (e.g. "0.64×"). */
  measured: string;
  /** How far from the target, as a ratio (value ÷ limit; > 1 is worse for upper limits, < 1 for lower). */
  shortfall?: number;
}

export interface Row {
  section: string;
  figure: string;
  unit: Unit;
  embedded?: Spread;
  nginx?: Spread;
  /** embedded median ÷ nginx median. */
  ratio?: number;
  /** The ratio round by round (the runs were paired A B), for its spread. */
  pairedRatio?: Spread;
  /** The floor (the least a per-request Node proxy does), where measured, and embedded ÷ floor. */
  floor?: Spread;
  floorRatio?: number;
  pairedFloorRatio?: Spread;
  target?: Target;
  /** A second target, on embedded ÷ floor. */
  floorTarget?: Target;
  notes: string[];
}

export interface Report {
  title: string;
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  settings: Record<string, unknown>;
  notes: string[];
  rows: Row[];
  /** Every run as measured. */
  samples: unknown;
  confs: Record<string, string>;
}

function num(v: number, unit: Unit): string {
  if (!Number.isFinite(v)) return '—';
  if (unit === 'req/s') return Math.round(v).toLocaleString('en-US');
  if (unit === 'MiB') return v.toFixed(1);
  return v < 1 ? v.toFixed(3) : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US');
}

function cell(s: Spread | undefined, unit: Unit): string {
  if (!s || s.n === 0) return '—';
  const m = num(s.median, unit);
  return s.n > 1 ? `${m} (${num(s.min, unit)}–${num(s.max, unit)})` : m;
}

function ratioCell(ratio: number | undefined, p: Spread | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${ratio.toFixed(2)}×${p && p.n > 1 ? ` (${p.min.toFixed(2)}–${p.max.toFixed(2)})` : ''}`;
}

export function markdown(rep: Report): string {
  const out: string[] = [];
  out.push(`## ${rep.title}`, '');
  out.push(`Measured ${rep.startedAt} on: ${machineLine(rep.machine)}.`, '');
  for (const n of rep.notes) out.push(`- ${n}`);
  out.push('');
  out.push('| figure | embedded | nginx | floor | embedded ÷ nginx | embedded ÷ floor | target | result |');
  out.push('|---|---|---|---|---|---|---|---|');
  let section = '';
  const judged = (t: Target | undefined) => (t ? (t.pass ? 'pass' : '**FAIL**') : '');
  for (const r of rep.rows) {
    if (r.section !== section) {
      section = r.section;
      out.push(`| **${section}** | | | | | | | |`);
    }
    const notes = r.notes.length ? ` ⚠ ${r.notes.join('; ')}` : '';
    const targets = [r.target, r.floorTarget].filter((t): t is Target => !!t);
    out.push(
      `| ${r.figure}, ${r.unit}${notes} | ${cell(r.embedded, r.unit)} | ${cell(r.nginx, r.unit)} | ${cell(r.floor, r.unit)} | ${ratioCell(r.ratio, r.pairedRatio)} | ${ratioCell(r.floorRatio, r.pairedFloorRatio)} | ${targets.map((t) => t.text).join('; ')} | ${targets.map(judged).join('; ')} |`,
    );
  }
  out.push('', '### Targets', '');
  const groups = new Map<string, { row: Row; target: Target }[]>();
  for (const row of rep.rows) for (const target of [row.target, row.floorTarget]) if (target) groups.set(target.id, [...(groups.get(target.id) ?? []), { row, target }]);
  for (const hits of groups.values()) {
    const failed = hits.filter((h) => !h.target.pass);
    const name = hits[0].target.text;
    const where = hits[0].row.section.startsWith('fast upstream') ? ' (fast upstream)' : '';
    if (!failed.length) {
      out.push(`- ${name}${where}: met (${hits.length} of ${hits.length}): ${hits.map((h) => h.target.measured).join(', ')}.`);
      continue;
    }
    const worst = failed.reduce((a, b) => (Math.abs(Math.log(b.target.shortfall ?? 1)) > Math.abs(Math.log(a.target.shortfall ?? 1)) ? b : a));
    const list = failed.map((h) => `${h.row.section}, ${h.row.figure}: ${h.target.measured}`).join('; ');
    out.push(`- ${name}${where}: **not met** in ${failed.length} of ${hits.length}: ${list}.${failed.length > 1 ? ` Worst: ${worst.row.section}, ${worst.row.figure}: ${worst.target.measured}.` : ''}`);
  }
  return out.join('\n') + '\n';
}
