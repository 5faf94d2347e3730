import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server sends its answer\'s head with the whole body\'s Content-Length, then only BYTES of the body, then closes: the browser gets 200 and a body cut short, and nginx logs "upstream prematurely closed connection while reading upstream".',
    brief: 'The admin server sends only BYTES of its answer\'s body, then closes',
    bytes: 'how many bytes of the body it sends before it closes',
  },
  'zh-CN': {
    summary: '后端服务发出响应头，Content-Length 是整个响应体的长度，但只发送响应体的 BYTES 个字节就关闭连接：浏览器得到 200 和一个被截断的响应体，nginx 记录 "upstream prematurely closed connection while reading upstream"。',
    brief: '后端服务只发送响应响应体的 BYTES 个字节就关闭连接',
    bytes: '关闭连接前发送响应体的多少个字节',
  },
});

export const adminTruncate = wireFault({
  name: 'admin.truncate',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'bytes', type: 'integer', min: 0, max: 1_073_741_824, required: true, placeholder: 'BYTES', describe: t('bytes'), example: '10' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'truncate',
    shape(plan) {
      plan.body = plan.body.subarray(0, v.bytes as number);
      plan.contentLength = 'whole';
      plan.end = 'close';
    },
  }),
});
