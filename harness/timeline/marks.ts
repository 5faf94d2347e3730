// What a timeline event looks like, whatever draws it: the row it goes in, its colour and the few
// words beside it. timeline.svg (svg.ts) and the control page's live timeline both draw these
// marks, so that a line reads the same in either.
import type { TimelineEvent } from './timeline.js';
import { t } from './marks.texts.js';

export const ROWS = [
  { key: 'harness', title: t('timeline.row.harness'), sub: t('timeline.row.harness.sub') },
  { key: 'browser', title: t('timeline.row.browser'), sub: t('timeline.row.browser.sub') },
  { key: 'client', title: t('timeline.row.client'), sub: t('timeline.row.client.sub') },
  { key: 'error-log', title: t('timeline.row.errorLog'), sub: '' },
  { key: 'access-log', title: t('timeline.row.accessLog'), sub: '' },
  { key: 'admin', title: t('timeline.row.admin'), sub: t('timeline.row.admin.sub') },
] as const;
export type RowKey = (typeof ROWS)[number]['key'];

export const C = {
  ok: '#1e88e5',
  clientError: '#fb8c00',
  serverError: '#e53935',
  failed: '#757575',
  error: '#ef6c00',
  alert: '#b71c1c',
  info: '#78909c',
  fault: '#8e24aa',
  step: '#546e7a',
  pass: '#2e7d32',
  fail: '#c62828',
};

export function rowOf(e: TimelineEvent): RowKey {
  return e.lane === 'proxy' ? (e.kind === 'access-log' ? 'access-log' : 'error-log') : e.lane;
}

function statusColour(d: string | undefined): string {
  if (!d || !/^\d{3}$/.test(d)) return C.failed;
  return d < '400' ? C.ok : d < '500' ? C.clientError : C.serverError;
}

export function colour(e: TimelineEvent): string {
  const d = e.detail;
  if (e.kind === 'observation') return d === 'pass' ? C.pass : C.fail;
  if (e.kind === 'fault') return C.fault;
  if (e.kind === 'step') return C.step;
  if (e.kind === 'error-log') return d === 'error' ? C.error : /^(emerg|alert|crit)$/.test(d ?? '') ? C.alert : C.info;
  return statusColour(d);
}

/** The words beside a mark. */
export function markText(e: TimelineEvent): string {
  if (e.kind === 'request' && e.lane !== 'admin') {
    // `GET /api/employee/page?page=2&pageSize=10` → `502 GET page?page=2&pageSize=10`
    const [method, uri] = e.label.split(' ');
    return `${e.short ?? e.detail ?? ''} ${method} ${uri.replace(/^.*\/(?=[^/]*$)/, '')}`.trim();
  }
  if (e.kind === 'step') return `→ ${e.label}`;
  // An access line no request of the run explains (the page, its scripts, the ready check): what was asked.
  if (e.kind === 'access-log' && !e.request && e.requestLine) return `${e.short ?? '?'} ${e.requestLine}`;
  return e.short ?? e.label;
}

/** Roughly how wide a text is drawn at `font` px (CJK takes twice an ASCII letter). */
export function textWidth(s: string, font = 10): number {
  let w = 0;
  for (const ch of s) w += ch.charCodeAt(0) > 0x2e7f ? font : font * 0.6;
  return w;
}

/** The legend: each colour and what it means, and the shape of its mark. */
export const LEGEND: readonly (readonly [colour: string, meaning: string, shape: 'bar' | 'tick' | 'dash'])[] = [
  [C.ok, t('timeline.legend.answered'), 'bar'],
  [C.clientError, '4xx', 'bar'],
  [C.serverError, '5xx', 'bar'],
  [C.failed, t('timeline.legend.failed'), 'bar'],
  [C.error, t('timeline.legend.errorLine'), 'tick'],
  [C.alert, '[alert] [emerg]', 'tick'],
  [C.fault, t('timeline.legend.fault'), 'tick'],
  [C.pass, t('timeline.legend.held'), 'tick'],
  [C.fail, t('timeline.legend.checkFailed'), 'tick'],
  ['#888', t('timeline.legend.sameRequest'), 'dash'],
];
