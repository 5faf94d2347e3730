import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/** A session cookie of `bytes` bytes, as an app's grown token or a framework's state in a cookie makes one. */
export function bigCookie(bytes: number): string {
  return `SESSION=${'x'.repeat(Math.max(0, bytes - 'SESSION='.length))}`;
}

export const adminBigHeader = wireFault({
  name: 'admin.big-header',
  marksPeerDown: true,
  summary: t('fault.admin.big-header.summary'),
  params: [{ name: 'bytes', type: 'integer', min: 1, max: 1_048_576, default: 16_384, placeholder: 'BYTES', describe: t('fault.admin.big-header.bytes'), example: '16384' }],
  action: (v) => ({ stage: 'shape', kind: 'head', shape: (plan) => void plan.headers.push(['Set-Cookie', bigCookie(v.bytes as number)]) }),
});
