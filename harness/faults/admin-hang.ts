import { apiLocation, secondsText, timedOut } from './stack-conf.js';
import { wireFault } from './wire.js';

export const adminHang = wireFault({
  name: 'admin.hang',
  marksPeerDown: true,
  summary: 'The admin server reads the request and never answers (a thread stuck on a lock, a breakpoint): after proxy_read_timeout nginx answers 504 and logs "upstream timed out (110: Connection timed out) while reading response header from upstream" (Windows 10060); `chaos restore` lets the held requests be answered.',
  effect(target) {
    const read = apiLocation(target)?.proxyReadTimeoutMs;
    if (read === undefined) return 'Admin answers now never come: nginx answers 504 once its proxy_read_timeout has passed.';
    return `Admin answers now never come and this stack's proxy_read_timeout for /api/ is ${secondsText(read)}: ${timedOut(read)}`;
  },
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => x.hold() }),
});
