// The results as a Markdown table (one row per figure: embedded, nginx, the ratio, the issue's
// target and pass/fail) and as JSON.
import type { Spread } from './stats.js';
import { machineLine, type Machine } from './machine.js';

export type Unit = 'req/s' | 'ms' | 'MiB';

export interface Target {
  /** Which of the issue's targets (for the summary). */
  id: 'default-rps' | 'keepalive-rps' | 'p99-c32' | 'startup' | 'crash';
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
  target?: Target;
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

function ratioCell(r: Row): string {
  if (r.ratio === undefined || !Number.isFinite(r.ratio)) return '—';
  const p = r.pairedRatio;
  return `${r.ratio.toFixed(2)}×${p && p.n > 1 ? ` (${p.min.toFixed(2)}–${p.max.toFixed(2)})` : ''}`;
}

export function markdown(rep: Report): string {
  const out: string[] = [];
  out.push(`## ${rep.title}`, '');
  out.push(`Measured ${rep.startedAt} on: ${machineLine(rep.machine)}.`, '');
  for (const n of rep.notes) out.push(`- ${n}`);
  out.push('');
  out.push('| figure | embedded | nginx | embedded ÷ nginx | target | result |');
  out.push('|---|---|---|---|---|---|');
  let section = '';
  for (const r of rep.rows) {
    if (r.section !== section) {
      section = r.section;
      out.push(`| **${section}** | | | | | |`);
    }
    const notes = r.notes.length ? ` ⚠ ${r.notes.join('; ')}` : '';
    const result = r.target ? (r.target.pass ? 'pass' : `**FAIL**`) : '';
    out.push(`| ${r.figure}, ${r.unit}${notes} | ${cell(r.embedded, r.unit)} | ${cell(r.nginx, r.unit)} | ${ratioCell(r)} | ${r.target?.text ?? ''} | ${result} |`);
  }
  out.push('', '### Targets', '');
  const groups = new Map<string, Row[]>();
  for (const r of rep.rows) if (r.target) groups.set(r.target.id, [...(groups.get(r.target.id) ?? []), r]);
  for (const rows of groups.values()) {
    const failed = rows.filter((r) => !r.target!.pass);
    const name = rows[0].target!.text;
    if (!failed.length) {
      out.push(`- ${name}: met (${rows.length} of ${rows.length}).`);
      continue;
    }
    const worst = failed.reduce((a, b) => (Math.abs(Math.log(b.target!.shortfall ?? 1)) > Math.abs(Math.log(a.target!.shortfall ?? 1)) ? b : a));
    const list = failed.map((r) => `${r.section}, ${r.figure}: ${r.target!.measured}`).join('; ');
    out.push(`- ${name}: **not met** in ${failed.length} of ${rows.length}: ${list}.${failed.length > 1 ? ` Worst: ${worst.section}, ${worst.figure}: ${worst.target!.measured}.` : ''}`);
  }
  return out.join('\n') + '\n';
}
