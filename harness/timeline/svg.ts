// A timeline as an SVG that reads as a picture (Playwright's report shows it as an image, so no
// text may live in tooltips only): one row per source, requests as bars, log lines and steps as
// ticks, each with a few visible words; labels that would collide go on a new track of the row;
// a dotted line joins each log line and admin request to the browser or client request it
// belongs to; the axis spans the run. Tooltips still carry every line's full text.
import type { TimelineEvent } from './timeline.js';
import { LEGEND, ROWS, colour, markText, rowOf, textWidth, type RowKey } from './marks.js';

const WIDTH = 1200;
const LEFT = 150;
const RIGHT = 16;
const TRACK_H = 17;
const FONT = 10;
const MAX_TRACKS = 14;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function truncate(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

function niceStep(span: number): number {
  const raw = span / 10;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
}

interface Placed {
  e: TimelineEvent;
  x: number;
  w: number;
  label: string;
  /** Where the label goes: in the bar, after the mark, or (near the right edge) before it. */
  at: 'inside' | 'right' | 'left';
  track: number;
}

const overlaps = (taken: [number, number][], a: number, b: number) => taken.some(([p, q]) => a < q + 4 && p < b + 4);

export function renderSvg(events: TimelineEvent[], title: string): string {
  const last = Math.max(1, ...events.map((e) => e.end ?? e.t));
  const span = last * 1.02;
  const plotW = WIDTH - LEFT - RIGHT;
  const x = (t: number) => LEFT + (Math.max(0, t) / span) * plotW;

  // Lay out each row: marks in time order, each label on the first track where it does not collide.
  const rows = ROWS.filter((r) => events.some((e) => rowOf(e) === r.key));
  const placed = new Map<RowKey, Placed[]>();
  const tracks = new Map<RowKey, number>();
  for (const r of rows) {
    const taken: [number, number][][] = [];
    const list: Placed[] = [];
    let previous = '';
    for (const e of events.filter((ev) => rowOf(ev) === r.key).sort((a, b) => a.t - b.t)) {
      const x0 = x(e.t);
      const w = e.end !== undefined ? Math.max(3, x(e.end) - x0) : 3;
      // The same request again (a probe in a loop) says only what changed: its status.
      const full = markText(e);
      const label = truncate(full === previous && e.kind === 'request' ? (e.short ?? e.detail ?? '') : full, r.key === 'harness' ? 80 : 60);
      previous = full;
      const lw = textWidth(label);
      const at = e.end !== undefined && lw + 6 <= w ? 'inside' : x0 + w + 3 + lw <= WIDTH - RIGHT ? 'right' : 'left';
      const [a, b] = at === 'inside' ? [x0, x0 + w] : at === 'right' ? [x0, x0 + w + 3 + lw] : [x0 - 3 - lw, x0 + w];
      let track = taken.findIndex((t) => !overlaps(t, a, b));
      if (track < 0) track = Math.min(taken.length, MAX_TRACKS - 1);
      (taken[track] ??= []).push([a, b]);
      list.push({ e, x: x0, w, label, at, track });
    }
    placed.set(r.key, list);
    tracks.set(r.key, Math.max(1, taken.length));
  }

  // Room for the marks, and for the row's title and subtitle.
  const rowHeight = (row: RowKey) => Math.max(tracks.get(row)! * TRACK_H + 12, 36);
  const LEGEND_Y = 40;
  const TOP = 66;
  const rowY = new Map<RowKey, number>();
  let y = TOP;
  for (const r of rows) {
    rowY.set(r.key, y);
    y += rowHeight(r.key);
  }
  const axisY = y + 4;
  const height = axisY + 24;
  const markY = (row: RowKey, track: number) => rowY.get(row)! + 6 + track * TRACK_H;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="${FONT}">`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/><text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`);

  // Legend.
  let lx = 10;
  for (const [c, name, shape] of LEGEND) {
    if (shape === 'bar') out.push(`<rect x="${lx}" y="${LEGEND_Y - 8}" width="14" height="9" fill="${c}"/>`);
    else if (shape === 'tick') out.push(`<rect x="${lx + 5}" y="${LEGEND_Y - 10}" width="3" height="12" fill="${c}"/>`);
    else out.push(`<line x1="${lx}" y1="${LEGEND_Y - 4}" x2="${lx + 14}" y2="${LEGEND_Y - 4}" stroke="${c}" stroke-dasharray="2,2"/>`);
    out.push(`<text x="${lx + 18}" y="${LEGEND_Y}" fill="#333">${esc(name)}</text>`);
    lx += 18 + textWidth(name) + 16;
  }

  // Axis and grid, scaled to the run.
  const step = niceStep(span);
  for (let t = 0; t <= span; t += step) {
    const label = span < 2000 ? `${Math.round(t)} ms` : `${+(t / 1000).toFixed(3)} s`;
    out.push(`<line x1="${x(t)}" y1="${TOP - 4}" x2="${x(t)}" y2="${axisY}" stroke="#eee"/><text x="${x(t)}" y="${axisY + 14}" fill="#777" text-anchor="middle">${label}</text>`);
  }
  for (const r of rows) {
    const top = rowY.get(r.key)!;
    const h = rowHeight(r.key);
    out.push(`<rect x="0" y="${top - 4}" width="${WIDTH}" height="${h}" fill="${ROWS.indexOf(r) % 2 ? '#fafafa' : '#fff'}" opacity="0.6"/>`);
    out.push(`<text x="10" y="${top + 12}" fill="#222" font-size="11" font-weight="bold">${esc(r.title)}</text>`);
    if (r.sub) out.push(`<text x="10" y="${top + 25}" fill="#888">${esc(r.sub)}</text>`);
    out.push(`<line x1="0" y1="${top + h - 4}" x2="${WIDTH}" y2="${top + h - 4}" stroke="#e0e0e0"/>`);
  }

  // Links: each line or admin request to its request's bar, at the time it happened.
  const byId = new Map<string, Placed>();
  for (const list of placed.values()) for (const p of list) if (p.e.id) byId.set(p.e.id, p);
  for (const [row, list] of placed) {
    for (const p of list) {
      const owner = p.e.request ? byId.get(p.e.request) : undefined;
      if (!owner) continue;
      const y1 = markY(rowOf(owner.e), owner.track) + 6;
      const y2 = markY(row, p.track) + 6;
      out.push(`<line x1="${p.x + 1}" y1="${y1}" x2="${p.x + 1}" y2="${y2}" stroke="${colour(owner.e)}" stroke-opacity="0.55" stroke-dasharray="2,2"/>`);
    }
  }

  for (const [row, list] of placed) {
    for (const p of list) {
      const c = colour(p.e);
      const my = markY(row, p.track);
      const tip = `<title>${esc(`${(p.e.t / 1000).toFixed(3)} s${p.e.end !== undefined ? `–${(p.e.end / 1000).toFixed(3)} s` : ''}  ${p.e.label}`)}</title>`;
      const mark = p.e.end !== undefined ? `<rect x="${p.x}" y="${my}" width="${p.w}" height="12" rx="2" fill="${c}"/>` : `<rect x="${p.x - 1}" y="${my - 1}" width="3" height="14" fill="${c}"/>`;
      const textColour = p.at === 'inside' ? '#fff' : p.e.kind === 'observation' ? c : '#333';
      const tx = p.at === 'inside' ? p.x + 3 : p.at === 'right' ? p.x + p.w + 3 : p.x - 3;
      out.push(`<g>${mark}<text x="${tx}" y="${my + 10}" fill="${textColour}"${p.at === 'left' ? ' text-anchor="end"' : ''}>${esc(p.label)}</text>${tip}</g>`);
    }
  }
  out.push('</svg>');
  return out.join('\n');
}
