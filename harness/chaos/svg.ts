// A timeline as an SVG: one lane per source, requests as bars, log lines as ticks, the events of
// one request joined by a thin line; every mark has its full text as a tooltip.
import type { Lane, TimelineEvent } from './timeline.js';

const LANES: Lane[] = ['harness', 'browser', 'client', 'proxy', 'admin'];
const LANE_H = 44;
const LEFT = 90;
const WIDTH = 1100;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function colour(e: TimelineEvent): string {
  const d = e.detail ?? '';
  if (e.kind === 'observation') return d === 'pass' ? '#2e7d32' : '#c62828';
  if (e.kind === 'fault') return '#6a1b9a';
  if (/^(emerg|alert|crit)$/.test(d)) return '#b71c1c';
  if (d === 'error') return '#e65100';
  if (/^[45]\d\d$/.test(d) || d === 'failed') return '#d84315';
  if (/^[23]\d\d$/.test(d)) return '#1565c0';
  return '#546e7a';
}

export function renderSvg(events: TimelineEvent[], title: string): string {
  const lanes = LANES.filter((l) => events.some((e) => e.lane === l));
  const span = Math.max(1000, ...events.map((e) => e.end ?? e.t)) * 1.02;
  const x = (t: number) => LEFT + (t / span) * (WIDTH - LEFT - 20);
  const y = (l: Lane) => 40 + lanes.indexOf(l) * LANE_H;
  const height = 60 + lanes.length * LANE_H;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/><text x="10" y="18" font-size="13" font-weight="bold">${esc(title)}</text>`);
  const step = span > 20000 ? 5000 : span > 5000 ? 1000 : 500;
  for (let t = 0; t <= span; t += step) {
    out.push(`<line x1="${x(t)}" y1="26" x2="${x(t)}" y2="${height - 16}" stroke="#eee"/><text x="${x(t)}" y="${height - 4}" fill="#888" text-anchor="middle">${(t / 1000).toFixed(t % 1000 ? 1 : 0)} s</text>`);
  }
  for (const l of lanes) out.push(`<text x="10" y="${y(l) + 16}" fill="#333">${l}</text><line x1="${LEFT}" y1="${y(l) + 30}" x2="${WIDTH - 20}" y2="${y(l) + 30}" stroke="#ddd"/>`);
  // Links between the events of one request.
  const byKey = new Map<string, TimelineEvent[]>();
  for (const e of events) if (e.key) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  for (const group of byKey.values()) {
    const sorted = [...group].sort((a, b) => a.t - b.t);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1];
      const b = sorted[i];
      if (a.lane === b.lane || b.t - a.t > 15000) continue;
      out.push(`<line x1="${x(a.t)}" y1="${y(a.lane) + 14}" x2="${x(b.t)}" y2="${y(b.lane) + 14}" stroke="#bbb" stroke-dasharray="2,2"/>`);
    }
  }
  for (const e of events) {
    const c = colour(e);
    const tip = `<title>${esc(`${(e.t / 1000).toFixed(3)} s  ${e.label}${e.detail ? `  [${e.detail}]` : ''}`)}</title>`;
    if (e.end !== undefined) {
      const w = Math.max(2, x(e.end) - x(e.t));
      // Wide enough bars carry their request and status as text.
      const text = `${e.label} ${e.detail ?? ''}`;
      const fits = Math.floor((w - 6) / 6);
      const label = fits >= 8 ? `<text x="${x(e.t) + 3}" y="${y(e.lane) + 18}" fill="#fff" font-size="10">${esc(text.length > fits ? text.slice(0, fits - 1) + '…' : text)}</text>` : '';
      out.push(`<g><rect x="${x(e.t)}" y="${y(e.lane) + 6}" width="${w}" height="16" rx="2" fill="${c}" opacity="0.8"/>${label}${tip}</g>`);
    } else {
      out.push(`<g><rect x="${x(e.t) - 1.5}" y="${y(e.lane) + 4}" width="3" height="20" fill="${c}"/>${tip}</g>`);
    }
  }
  out.push('</svg>');
  return out.join('\n');
}
