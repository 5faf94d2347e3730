import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server sends its answer without a Content-Length and closes the connection MS after the last byte (toxiproxy\'s slow_close): nginx and the browser wait that long for the answer\'s end; nothing is logged.',
    brief: 'The admin server closes the connection MS after its answer\'s last byte (no Content-Length)',
    ms: 'how long after its last byte the connection closes, in milliseconds',
  },
  'zh-CN': {
    summary: '后端服务发送不带 Content-Length 的响应，最后一个字节发出 MS 毫秒后才关闭连接（toxiproxy 的 slow_close）：nginx 和浏览器都要等这么久才知道响应结束；不记录任何日志。',
    brief: '后端服务在响应的最后一个字节发出 MS 毫秒后才关闭连接（没有 Content-Length）',
    ms: '最后一个字节发出后多少毫秒关闭连接',
  },
});

export const adminSlowClose = wireFault({
  name: 'admin.slow-close',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('ms'), example: '2000' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'end',
    shape(plan) {
      // Delimited by the close (as Tomcat sends a streamed answer to nginx's HTTP/1.0), unless a cut fixed its length.
      if (plan.contentLength === 'keep') plan.contentLength = 'none';
      plan.endAfterMs += v.ms as number;
    },
  }),
});
