import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server resets the connection (RST) once it has read the request: 502, and nginx logs "recv() failed (104: Connection reset by peer) while reading response header from upstream" (Windows: WSARecv() 10054); a GET is tried on the other loopback first, a POST is not.',
    brief: 'The admin server resets the connection (RST) once it has read the request',
  },
  'zh-CN': {
    summary: '后端服务读完请求后重置连接（RST）：返回 502，nginx 记录 "recv() failed (104: Connection reset by peer) while reading response header from upstream"（Windows 上是 WSARecv() 10054）；GET 会先在另一个回环地址上重试，POST 不会。',
    brief: '后端服务读完请求后重置连接（RST）',
  },
});

export const adminReset = wireFault({
  name: 'admin.reset',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.resetAndDestroy()) }),
});
