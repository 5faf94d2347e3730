import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server closes the connection without sending a byte, once it has read the request: 502, and nginx logs "upstream prematurely closed connection while reading response header from upstream"; a GET is tried on the other loopback first, a POST is not.',
    brief: 'The admin server closes the connection without sending a byte, once it has read the request',
  },
  'zh-CN': {
    summary: '后端服务读完请求后一个字节也不发就关闭连接：返回 502，nginx 记录 "upstream prematurely closed connection while reading response header from upstream"；GET 会先在另一个回环地址上重试，POST 不会。',
    brief: '后端服务读完请求后一个字节也不发就关闭连接',
  },
});

export const adminClose = wireFault({
  name: 'admin.close',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  // A close once the request is read is a FIN; with request bytes unread it would be a reset.
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.destroy()) }),
});
