// The one thing the real app does not have: a persistent banner for a failed HTTP request, that says
// what failed, who answered and the likely cause (failure.js). It stays until the next request that
// gets a usable answer, or until closed.
import { h, placeToasts } from './dom.js';
import { describeFailure } from './failure.js';

let banner = null;

/** @param {import('./api.js').HttpError} error @param {{ zh: string, en: string }} what */
export function showBanner(error, what) {
  const d = describeFailure(error, what);
  const seconds = (error.elapsedMs / 1000).toFixed(1);
  const time = new Date().toLocaleTimeString('zh-CN', { hour12: false });
  const el = h('div.http-error', {
    role: 'alert', 'data-testid': 'http-error', 'data-kind': error.kind, 'data-status': error.status,
    'data-answered-by': error.answeredBy,
    'data-elapsed-ms': Math.round(error.elapsedMs), 'data-request': `${error.method} ${error.url}`,
  },
  h('div.http-error__icon', { 'aria-hidden': 'true' }),
  h('div.http-error__body', {},
    h('p.http-error__zh', {}, d.zh),
    h('p.http-error__en', {}, d.en),
    d.hint && h('p.http-error__hint', {}, d.hint.zh, h('br'), d.hint.en),
    h('p.http-error__meta', {},
      h('code', {}, `${error.method} ${error.url}`), ' · ',
      h('span', { 'data-testid': 'http-error-elapsed' }, `耗时 ${seconds} s`), ` (took ${seconds} s) · ${time}`)),
  h('button.http-error__close', { type: 'button', 'aria-label': '关闭', title: '关闭', onclick: clearBanner }));
  if (banner) banner.replaceWith(el);
  else document.body.prepend(el);
  banner = el;
  placeToasts(banner.offsetHeight);
}

export function clearBanner() {
  if (!banner) return;
  banner.remove();
  banner = null;
  placeToasts(0);
}
