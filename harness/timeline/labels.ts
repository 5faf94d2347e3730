// The few words a timeline shows beside an error-log line: what happened and to which peer.
import type { ErrorLogEntry } from '../logs/error-log.js';
import { peerOf } from '../doctor/facts.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'timeline.label.refused': 'refused {peer}',
    'timeline.label.timedOut': 'timed out {peer}',
    'timeline.label.bodyTooLarge': 'body too large',
  },
  'zh-CN': {
    'timeline.label.refused': '连接被拒绝 {peer}',
    'timeline.label.timedOut': '超时 {peer}',
    'timeline.label.bodyTooLarge': '请求体太大',
  },
});

const MAX = 60;

/** `http://[::1]:8080/admin/x` → `[::1]`; `http://localhost/admin/x` (an upstream group) → `localhost`. */
export function peerName(e: ErrorLogEntry): string {
  const host = peerOf(e.upstream)?.host ?? '?';
  return host.includes(':') ? `[${host}]` : host;
}

export function shortLogLabel(e: ErrorLogEntry): string {
  if (e.message === 'connect() failed') return t('timeline.label.refused', { peer: peerName(e) });
  if (e.message === 'upstream timed out') return t('timeline.label.timedOut', { peer: peerName(e) });
  if (e.message === 'no live upstreams') return 'no live upstreams';
  if (e.message.startsWith('client intended to send too large body')) return t('timeline.label.bodyTooLarge');
  // Paths in messages (temp dirs, pid files) are long: their last two parts say enough.
  const text = e.message.replace(/"([^"]*[/\\])?([^"/\\]*[/\\][^"/\\]+)"/g, (_, dir: string | undefined, tail: string) => `"${dir ? '…/' : ''}${tail}"`);
  const errno = e.errno ? ` (${e.errno.code})` : '';
  const s = `${e.level === 'error' ? '' : e.level + ': '}${text}${errno}`;
  return s.length > MAX ? s.slice(0, MAX - 1) + '…' : s;
}
