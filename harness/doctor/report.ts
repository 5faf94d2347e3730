// A diagnosis as JSON (exactly {"incidents":[{condition, lines, cause, fix}], "unrecognised": [...]},
// one JSON incident per incident) or as a report for people: a summary line, then the problems
// grouped by condition, newest first, incidents with the same explanation merged into one entry
// ("5×, lines ...") that quotes the newest one's evidence, then what needs no action, folded.
// Everything printed from a log is made printable: a log's control characters never reach the terminal.
import type { Diagnosis, Incident } from './types.js';
import { explanationOf, isProblem } from './grouper.js';
import { ranges } from './facts.js';
import { count, series } from './say.js';
import { t } from './report.texts.js';
import { doctorText } from './texts.js';

/** The text of a line of the log by its number. */
export type LineText = (no: number) => string | undefined;

/** The log a report quotes: its lines' text, and how many lines it has. */
export interface Quoted {
  text: LineText;
  lines: number;
}

// C0 and C1 controls, DEL, and the marks that reorder text on screen (bidi overrides and isolates).
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Control characters as `\xHH` (as nginx escapes them in its access log) or `\u{HHHH}`. */
export function printable(s: string): string {
  return s.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? '\\x' + code.toString(16).toUpperCase().padStart(2, '0') : `\\u{${code.toString(16).toUpperCase()}}`;
  });
}

/** The JSON of one incident: the four keys of the issue, nothing else. */
export function incidentJson(i: Incident): string {
  return safeJson({ condition: i.condition, lines: i.lines, cause: i.cause, fix: i.fix });
}

export function renderJson(d: Diagnosis): string {
  return [...jsonPieces(d)].join('');
}

/** The JSON of a diagnosis a piece at a time (a long log's JSON need not be one string). */
export function* jsonPieces(d: Diagnosis): Generator<string> {
  yield '{"incidents":[';
  for (let k = 0; k < d.incidents.length; k++) yield (k ? ',' : '') + incidentJson(d.incidents[k]);
  yield `],"unrecognised":${JSON.stringify(d.unrecognised)}}`;
}

/** JSON.stringify escapes C0 controls; C1 controls and bidi marks are escaped too (they are in strings only). */
function safeJson(v: unknown): string {
  return JSON.stringify(v).replace(/[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

interface Paint {
  bold(s: string): string;
  red(s: string): string;
  dim(s: string): string;
  green(s: string): string;
}

function paint(color: boolean): Paint {
  const w = (a: number, b: number) => (s: string) => (color ? `\x1b[${a}m${s}\x1b[${b}m` : s);
  return { bold: w(1, 22), red: w(31, 39), dim: w(2, 22), green: w(32, 39) };
}

const newest = (i: Incident) => i.lines[i.lines.length - 1] ?? 0;
const MAX_QUOTED = 4;
const MAX_LISTED = 8;

/** The evidence lines: all of them up to 4, else the first two, a count, and the last one. */
function quote(lineNos: number[], text: LineText, p: Paint, indent: string): string[] {
  const show = (n: number) => `${indent}${p.dim(String(n).padStart(5) + ' |')} ${printable(text(n) ?? '')}`;
  if (lineNos.length <= MAX_QUOTED) return lineNos.map(show);
  const skipped = lineNos.slice(2, -1);
  return [...lineNos.slice(0, 2).map(show), `${indent}${p.dim(`      ${t('doctor.report.skipped', { lines: count(skipped.length, 'moreLine'), ranges: ranges(skipped) })}`)}`, show(lineNos[lineNos.length - 1])];
}

const linesOf = (lines: number[]) => t(lines.length > 1 ? 'doctor.report.lines.other' : 'doctor.report.lines.one', { ranges: ranges(lines) });
/** Where an incident is: its error-log lines, or the access log's for what the access log alone shows. */
const whereOf = (i: Incident) => (i.lines.length || !i.accessLines ? linesOf(i.lines) : t('doctor.report.accessLines', { lines: linesOf(i.accessLines) }));

/** One incident as text (what --follow prints as each incident completes). */
export function renderIncident(i: Incident, text: LineText, opts: { color?: boolean } = {}): string {
  const p = paint(opts.color ?? false);
  const mark = isProblem(i) ? p.red('●') : p.green('○');
  const out = [`${mark} ${p.bold(i.condition)}  ${p.dim(whereOf(i))}`, ...quote(i.lines, text, p, '  ')];
  out.push(...causeAndFix(i));
  return out.join('\n') + '\n';
}

/** The cause and fix of an incident, indented under its lines. */
function causeAndFix(i: Incident): string[] {
  return [`  ${t('doctor.report.cause')}${printable(i.cause)}`, `  ${t('doctor.report.fix')}${printable(i.fix)}`];
}

/** Incidents with the same condition, cause and fix: one entry, newest incident first. */
interface Entry {
  condition: string;
  incidents: Incident[];
  problem: boolean;
}

function entries(incidents: Incident[]): Entry[] {
  const byText = new Map<string, Entry>();
  for (const i of [...incidents].sort((a, b) => newest(b) - newest(a))) {
    const key = explanationOf(i);
    const e = byText.get(key);
    if (e) e.incidents.push(i);
    else byText.set(key, { condition: i.condition, incidents: [i], problem: isProblem(i) });
  }
  return [...byText.values()];
}

function listed(e: Entry): string {
  const shown = e.incidents.slice(0, MAX_LISTED).map((i) => (i.lines.length ? ranges(i.lines) : whereOf(i)));
  const more = e.incidents.length - shown.length;
  return t('doctor.report.listed', { n: e.incidents.length, shown: shown.join('; '), more: more ? t('doctor.report.listedMore', { n: more }) : '' });
}

/** `open`: incidents of the log held back, not in `d` yet (--follow): nothing is said to be fine before they are. */
/** `server`: the log is a Spring Boot server's, not nginx's. */
export function renderText(d: Diagnosis, log: Quoted, opts: { color?: boolean; name?: string; open?: number; server?: boolean } = {}): string {
  const text = log.text;
  const p = paint(opts.color ?? false);
  const name = printable(opts.name ?? 'error.log');
  const incidentsOf = (n: number) => count(n, 'incident');
  const out: string[] = [];
  const all = entries(d.incidents);
  const problems = all.filter((e) => e.problem);
  const harmless = all.filter((e) => !e.problem);
  const nProblems = d.incidents.filter(isProblem).length;
  const counts = new Map<string, number>();
  for (const e of [...problems, ...harmless]) counts.set(e.condition, (counts.get(e.condition) ?? 0) + e.incidents.length);
  const nLines = log.lines;
  if (nLines === 0) {
    out.push(
      d.incidents.length
        ? t(d.incidents.length === 1 ? 'doctor.report.emptyRead.one' : 'doctor.report.emptyRead.other', { name, incidents: incidentsOf(d.incidents.length), problems: nProblems })
        : t('doctor.report.empty', { name }),
    );
  } else {
    out.push(
      t('doctor.report.summary', {
        name,
        lines: count(nLines, 'line'),
        incidents: incidentsOf(d.incidents.length),
        problems: nProblems,
        counts: counts.size ? t('doctor.report.counts', { list: series([...counts].map(([c, n]) => `${c} ×${n}`)) }) : '',
        unrecognised: d.unrecognised.length ? t('doctor.report.unrecognised', { lines: count(d.unrecognised.length, 'line') }) : '',
        open: opts.open ? t('doctor.report.open', { n: opts.open }) : '',
      }),
    );
    if (!nProblems && !opts.open) out.push(p.green(t(d.incidents.length ? 'doctor.report.fine' : 'doctor.report.noIncidents')));
  }
  // Problems by condition, the condition with the newest problem first.
  const byCondition = new Map<string, Entry[]>();
  for (const e of problems) {
    const list = byCondition.get(e.condition) ?? [];
    list.push(e);
    byCondition.set(e.condition, list);
  }
  for (const [condition, list] of byCondition) {
    const incidents = list.flatMap((e) => e.incidents);
    const nl = incidents.reduce((n, i) => n + i.lines.length, 0);
    const na = incidents.reduce((n, i) => n + (i.lines.length ? 0 : (i.accessLines?.length ?? 0)), 0);
    const lines = nl || !na ? count(nl, 'line') : count(na, 'accessLine');
    out.push('', p.bold(t('doctor.report.heading', { condition, incidents: incidentsOf(incidents.length), lines })));
    for (const e of list) {
      const latest = e.incidents[0];
      const head = e.incidents.length === 1 ? whereOf(latest) : t('doctor.report.newest', { listed: listed(e) });
      out.push(`${p.red('●')} ${p.dim(head)}`, ...quote(latest.lines, text, p, '  '), ...causeAndFix(latest));
    }
  }
  if (harmless.length) {
    out.push('', p.bold(t('doctor.report.harmless', { incidents: incidentsOf(harmless.reduce((n, e) => n + e.incidents.length, 0)) })));
    for (const e of harmless) {
      const i = e.incidents[0];
      const where = e.incidents.length === 1 ? whereOf(i) : listed(e);
      const fix = i.fix === doctorText('doctor.nothingToDo') ? '' : ` ${p.dim('→')} ${printable(i.fix)}`;
      out.push(`${p.green('○')} ${e.condition} ${p.dim(where)}: ${printable(i.cause)}${fix}`);
    }
  }
  if (d.unrecognised.length) {
    out.push('', p.bold(t(opts.server ? 'doctor.report.notServerLog' : 'doctor.report.notLog', { lines: count(d.unrecognised.length, 'line'), ranges: ranges(d.unrecognised) })));
    for (const n of d.unrecognised.slice(0, 3)) out.push(`  ${p.dim(String(n).padStart(5) + ' |')} ${printable(text(n) ?? '')}`);
    if (d.unrecognised.length > 3) out.push(p.dim(`  ${t('doctor.report.notLogMore', { lines: count(d.unrecognised.length - 3, 'moreLine') })}`));
  }
  if (d.access) {
    const a = d.access;
    const statuses = Object.entries(a.byStatus)
      .sort(([x], [y]) => Number(x) - Number(y))
      .map(([s, n]) => `${s} ×${n}`)
      .join(doctorText('doctor.list.sep'));
    const gw = Object.entries(a.gatewayErrorsByPath)
      .sort(([, x], [, y]) => y - x)
      .slice(0, 5)
      .map(([path, n]) => `${printable(path)} ×${n}`)
      .join(doctorText('doctor.list.sep'));
    const paren = (s: string) => (s ? doctorText('doctor.paren', { s }) : '');
    out.push('', p.bold(t('doctor.report.access', { requests: count(a.requests, 'request'), statuses: paren(statuses) })));
    if (gw) out.push(`  ${t('doctor.report.byPath', { list: gw })}`);
    if (a.selfProxied) out.push(`  ${t('doctor.report.selfProxied', { requests: count(a.selfProxied, 'request') })}`);
    if (a.unrecognised) out.push(p.dim(`  ${t('doctor.report.accessUnread', { lines: count(a.unrecognised, 'line') })}`));
  }
  return out.join('\n') + '\n';
}
