import { apiLocation, secondsText, timedOut } from './stack-conf.js';
import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server reads the request and never answers (a thread stuck on a lock, a breakpoint): after proxy_read_timeout nginx answers 504 and logs "upstream timed out (110: Connection timed out) while reading response header from upstream" (Windows 10060); `chaos restore` lets the held requests be answered.',
    brief: 'The admin server reads the request and never answers (a thread stuck on a lock, a breakpoint)',
    effect: 'Admin answers now never come: nginx answers 504 once its proxy_read_timeout has passed.',
    effectConf: 'Admin answers now never come and this stack\'s proxy_read_timeout for /api/ is {read}: {timedOut}',
  },
  'zh-CN': {
    summary: '后端服务读完请求后一直不响应（线程卡在锁上、断点）：过了 proxy_read_timeout，nginx 返回 504，并记录 "upstream timed out (110: Connection timed out) while reading response header from upstream"（Windows 上是 10060）；`chaos restore` 会让被挂起的请求得到响应。',
    brief: '后端服务读完请求后一直不响应（线程卡在锁上、断点）',
    effect: '现在后端服务永远不响应：过了 proxy_read_timeout，nginx 返回 504。',
    effectConf: '现在后端服务永远不响应，这个环境的 /api/ 的 proxy_read_timeout 是 {read}：{timedOut}',
  },
});

export const adminHang = wireFault({
  name: 'admin.hang',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  effect(target) {
    const read = apiLocation(target)?.proxyReadTimeoutMs;
    if (read === undefined) return t('effect');
    return t('effectConf', { read: secondsText(read), timedOut: timedOut(read) });
  },
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => x.hold() }),
});
