// Building the page's elements. Every text goes in as text (textContent), never as markup: a log
// line or a request path is whatever a client sent the proxy, and must not run in this page.
import { t } from './i18n.js';

/**
 * h('li', { class: 'x', dataset: { n: 3 } }, 'text', child) → an element.
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element; `text` (if given) as its text. */
export function s(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  setAttrs(el, attrs);
  if (text !== undefined) el.textContent = text;
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** `12:01:02.345` */
export function clock(ms) {
  const d = new Date(ms);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** `3 min 12 s` */
export function duration(ms) {
  const s = Math.floor(ms / 1000);
  if (s < 60) return t('control.duration.seconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('control.duration.minutes', { m, s: s % 60 });
  return t('control.duration.hours', { h: Math.floor(m / 60), m: m % 60 });
}
