import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server\'s answers carry a Set-Cookie of BYTES (a session grown too big): past proxy_buffer_size (4k) nginx refuses the head, answers 502 and logs "upstream sent too big header while reading response header from upstream"; not retried, and the peer sits out fail_timeout.',
    brief: 'The admin server\'s answers carry a Set-Cookie of BYTES (a session grown too big)',
    bytes: 'how long the cookie header is',
  },
  'zh-CN': {
    summary: '后端服务的响应带一个 BYTES 字节的 Set-Cookie（session 太大）：超过 proxy_buffer_size（4k）时 nginx 拒绝这个响应头，返回 502，并记录 "upstream sent too big header while reading response header from upstream"；不会重试，这个上游节点在 fail_timeout 内不再使用。',
    brief: '后端服务的响应带一个 BYTES 字节的 Set-Cookie（session 太大）',
    bytes: 'cookie 响应头有多长',
  },
});

/** A session cookie of `bytes` bytes, as an app's grown token or a framework's state in a cookie makes one. */
export function bigCookie(bytes: number): string {
  return `SESSION=${'x'.repeat(Math.max(0, bytes - 'SESSION='.length))}`;
}

export const adminBigHeader = wireFault({
  name: 'admin.big-header',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'bytes', type: 'integer', min: 1, max: 1_048_576, default: 16_384, placeholder: 'BYTES', describe: t('bytes'), example: '16384' }],
  action: (v) => ({ stage: 'shape', kind: 'head', shape: (plan) => void plan.headers.push(['Set-Cookie', bigCookie(v.bytes as number)]) }),
});
