// The page's words, in the stack's language: messages.js is control/texts.ts, which
// the harness serves in the language it runs in (its --lang, else its locale), so the page and the
// terminal of `harness up` say the same things in the same language, whatever the browser's.
import { lang, messages } from './messages.js';

/** The message `key`, its `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const template = messages[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The HTML's own words: each element's data-i18n key as its text, data-i18n-label as its aria-label. */
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  document.title = `harness · ${t('control.title')}`;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
}
