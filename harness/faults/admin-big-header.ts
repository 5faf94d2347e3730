import { wireFault } from './wire.js';

/** A session cookie of `bytes` bytes, as an app's grown token or a framework's state in a cookie makes one. */
export function bigCookie(bytes: number): string {
  return `SESSION=${'x'.repeat(Math.max(0, bytes - 'SESSION='.length))}`;
}

export const adminBigHeader = wireFault({
  name: 'admin.big-header',
  marksPeerDown: true,
  summary: 'The admin server\'s answers carry a Set-Cookie of BYTES (a session grown too big): past proxy_buffer_size (4k) nginx refuses the head, answers 502 and logs "upstream sent too big header while reading response header from upstream"; not retried, and the peer sits out fail_timeout.',
  params: [{ name: 'bytes', type: 'integer', min: 1, max: 1_048_576, default: 16_384, placeholder: 'BYTES', describe: 'how long the cookie header is', example: '16384' }],
  action: (v) => ({ stage: 'shape', kind: 'head', shape: (plan) => void plan.headers.push(['Set-Cookie', bigCookie(v.bytes as number)]) }),
});
