// A diagnosis as JSON (exactly {"incidents":[{condition, lines, cause, fix, detail?}], "unrecognised": [...]})
// or as a report for people: a summary line, then the incidents grouped by condition, newest first,
// with counts, each quoting its evidence lines with their numbers, its cause and its fix.
import type { Diagnosis, Incident } from './types.js';
import { isProblem } from './incidents.js';
import { plural, ranges } from './facts.js';

export function incidentJson(i: Incident): Record<string, unknown> {
  const o: Record<string, unknown> = { condition: i.condition, lines: i.lines, cause: i.cause, fix: i.fix };
  if (i.detail) o.detail = i.detail;
  return o;
}

export function renderJson(d: Diagnosis): string {
  return JSON.stringify({ incidents: d.incidents.map(incidentJson), unrecognised: d.unrecognised });
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

/** The evidence lines: all of them up to 4, else the first two, a count, and the last one. */
function quote(i: Incident, lines: string[], p: Paint, indent: string): string[] {
  const show = (n: number) => `${indent}${p.dim(String(n).padStart(5) + ' |')} ${lines[n - 1] ?? ''}`;
  if (i.lines.length <= MAX_QUOTED) return i.lines.map(show);
  const skipped = i.lines.slice(2, -1);
  return [...i.lines.slice(0, 2).map(show), `${indent}${p.dim(`      ... ${plural(skipped.length, 'more line')} (${ranges(skipped)})`)}`, show(i.lines[i.lines.length - 1])];
}

/** One incident as text (what --follow prints as each incident completes). */
export function renderIncident(i: Incident, lines: string[], opts: { color?: boolean } = {}): string {
  const p = paint(opts.color ?? false);
  const mark = isProblem(i) ? p.red('●') : p.green('○');
  const out = [`${mark} ${p.bold(i.condition)}  ${p.dim(`line${i.lines.length > 1 ? 's' : ''} ${ranges(i.lines)}`)}`, ...quote(i, lines, p, '  ')];
  out.push(`  cause: ${i.cause}`, `  fix:   ${i.fix}`);
  return out.join('\n') + '\n';
}

export function renderText(d: Diagnosis, lines: string[], opts: { color?: boolean; name?: string } = {}): string {
  const p = paint(opts.color ?? false);
  const name = opts.name ?? 'error.log';
  const out: string[] = [];
  const problems = d.incidents.filter(isProblem);
  const byCondition = new Map<string, Incident[]>();
  for (const i of [...d.incidents].sort((a, b) => newest(b) - newest(a))) {
    const list = byCondition.get(i.condition) ?? [];
    list.push(i);
    byCondition.set(i.condition, list);
  }
  const counts = [...byCondition].map(([c, list]) => `${c} ×${list.length}`).join(', ');
  if (lines.length === 0) {
    out.push(`${name}: empty: nginx has written nothing at level error or above, so there is nothing to explain.`);
  } else {
    out.push(
      `${name}: ${plural(lines.length, 'line')}, ${plural(d.incidents.length, 'incident')} (${problems.length} to act on)` +
        (counts ? `: ${counts}` : '') +
        (d.unrecognised.length ? `; ${plural(d.unrecognised.length, 'line')} not recognised` : '') +
        '.',
    );
    if (!problems.length) out.push(p.green(d.incidents.length ? 'Nothing here needs fixing.' : 'No incidents: nothing here needs fixing.'));
  }
  for (const [condition, list] of byCondition) {
    const nLines = list.reduce((n, i) => n + i.lines.length, 0);
    out.push('', p.bold(`${condition}: ${plural(list.length, 'incident')}, ${plural(nLines, 'line')}`));
    for (const i of list) {
      const mark = isProblem(i) ? p.red('●') : p.green('○');
      out.push(`${mark} ${p.dim(`line${i.lines.length > 1 ? 's' : ''} ${ranges(i.lines)}`)}`, ...quote(i, lines, p, '  '));
      out.push(`  cause: ${i.cause}`, `  fix:   ${i.fix}`);
    }
  }
  if (d.unrecognised.length) {
    out.push('', p.bold(`not nginx error-log lines: ${plural(d.unrecognised.length, 'line')} (${ranges(d.unrecognised)})`));
    for (const n of d.unrecognised.slice(0, 3)) out.push(`  ${p.dim(String(n).padStart(5) + ' |')} ${lines[n - 1] ?? ''}`);
    if (d.unrecognised.length > 3) out.push(p.dim(`  ... ${plural(d.unrecognised.length - 3, 'more')}`));
  }
  if (d.access) {
    const a = d.access;
    const statuses = Object.entries(a.byStatus)
      .sort(([x], [y]) => Number(x) - Number(y))
      .map(([s, n]) => `${s} ×${n}`)
      .join(', ');
    const gw = Object.entries(a.gatewayErrorsByPath)
      .sort(([, x], [, y]) => y - x)
      .slice(0, 5)
      .map(([path, n]) => `${path} ×${n}`)
      .join(', ');
    out.push('', p.bold(`access log: ${plural(a.requests, 'request')}${statuses ? ` (${statuses})` : ''}`));
    if (gw) out.push(`  502/504 by path: ${gw}`);
    if (a.selfProxied) out.push(`  ${plural(a.selfProxied, 'request')} for /admin/... over HTTP/1.0 reached nginx itself: nginx proxies to its own port.`);
    if (a.unrecognised) out.push(p.dim(`  ${plural(a.unrecognised, 'line')} not in the combined format`));
  }
  return out.join('\n') + '\n';
}
