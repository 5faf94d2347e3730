// The doctor's words in the user's language (harness/i18n). The facts stay in code; counts and
// lists are composed here, each language its own way: "3 requests" / "3 个请求", "a, b and c" /
// "a、b 和 c".
import { t, type MessageKey } from '../i18n/index.js';

export { t, type MessageKey };

/** The things the doctor counts; each has `doctor.unit.<name>.one` and `.other` in the catalogue. */
export type Unit =
  | 'request'
  | 'line'
  | 'incident'
  | 'time'
  | 'start'
  | 'startAttempt'
  | 'bindTry'
  | 'failure'
  | 'server'
  | 'notice'
  | 'more'
  | 'moreLine'
  | 'proxiedRequest'
  | 'accessLine'
  | 'try';

/** `3 requests` / `3 个请求`. */
export function count(n: number, unit: Unit): string {
  return t(`doctor.unit.${unit}.${n === 1 ? 'one' : 'other'}` as MessageKey, { n });
}

/** `a, b and c` / `a、b 和 c`; `empty` when there is nothing to list. */
export function list(items: readonly string[], empty = ''): string {
  if (items.length <= 1) return items[0] ?? empty;
  return t('doctor.list.and', { items: items.slice(0, -1).join(t('doctor.list.sep')), last: items[items.length - 1] });
}

/** `a, b, c` / `a、b、c`: a list with no "and" (a sample of many). */
export const series = (items: readonly string[]) => items.join(t('doctor.list.sep'));

/** ` In your conf: a, b.`: the conf's lines a fix points to, or '' when there are none. */
export function inYourConf(places: readonly string[]): string {
  return places.length ? t('doctor.conf.inYourConf', { places: series(places) }) : '';
}
