// Readings of a group of lines that every condition family shares: its entries, its first and last
// line, when it started, and the `--conf` pointer a fix names (the directive to change, where).
import type { ErrorLogEntry } from '../../logs/error-log.js';
import type { Group, LogView } from '../types.js';
import { at } from '../conf.js';
import { messages } from '../../i18n/index.js';

const t = messages({
  en: {
    'doctor.thatTime': 'that time',
    'doctor.conf.change': 'In your conf, change {at} to "{name} {value};"',
    'doctor.conf.add': 'No {name} is set for this request in your conf: add "{name} {value};" to {at}',
  },
  'zh-CN': {
    'doctor.thatTime': '那个时间',
    'doctor.conf.change': '在你的配置中，把 {at} 改为 "{name} {value};"',
    'doctor.conf.add': '你的配置没有为这个请求设置 {name}：在 {at} 中加上 "{name} {value};"',
  },
});

export const entries = (g: Group): ErrorLogEntry[] => g.lines.map((l) => l.entry);
export const first = <T>(a: T[]): T => a[0];
export const last = <T>(a: T[]): T => a[a.length - 1];

export function when(g: Group): string {
  return first(g.lines).entry.time ?? t('doctor.thatTime');
}

/** `/etc/nginx/conf.d/app.conf:12 ("client_max_body_size 1m;")`: defined beside the conf it points into. */
export { at };

/**
 * With --conf, where to set a directive for a request: "change FILE:LINE ("x 1m;") to "x 10m;"" when
 * a line sets it, "add "x 10m;" to the block at FILE:LINE" when none does; undefined without --conf.
 */
export function confPointer(log: LogView, e: ErrorLogEntry, name: string, value: string): string | undefined {
  const c = log.conf?.inForce(name, e);
  if (c?.set) return t('doctor.conf.change', { at: at(c.set), name, value });
  if (c?.block) return t('doctor.conf.add', { at: at(c.block), name, value });
  return undefined;
}
