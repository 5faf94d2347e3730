// The doctor's words in the user's language (harness/i18n). The facts stay in code; counts and
// lists are composed here, each language its own way: "3 requests" / "3 个请求", "a, b and c" /
// "a、b 和 c".
import { doctorText } from './texts.js';

/** The things the doctor counts; each has `doctor.unit.<name>.one` and `.other` in texts.ts. */
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
  return doctorText(`doctor.unit.${unit}.${n === 1 ? 'one' : 'other'}`, { n });
}

/** `a, b and c` / `a、b 和 c`; `empty` when there is nothing to list. */
export function list(items: readonly string[], empty = ''): string {
  if (items.length <= 1) return items[0] ?? empty;
  return doctorText('doctor.list.and', { items: items.slice(0, -1).join(doctorText('doctor.list.sep')), last: items[items.length - 1] });
}

/** `a, b, c` / `a、b、c`: a list with no "and" (a sample of many). */
export const series = (items: readonly string[]) => items.join(doctorText('doctor.list.sep'));

/** ` In your conf: a, b.`: the conf's lines a fix points to, or '' when there are none. */
export function inYourConf(places: readonly string[]): string {
  return places.length ? doctorText('doctor.conf.inYourConf', { places: series(places) }) : '';
}
