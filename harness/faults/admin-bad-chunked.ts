import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server says Transfer-Encoding: chunked and sends its body unchunked (a proxy or filter between that rewrote it): nginx logs "upstream sent invalid chunked response while reading upstream" and closes the browser\'s connection without an answer.',
    brief: 'The admin server says Transfer-Encoding: chunked and sends its body unchunked',
  },
  'zh-CN': {
    summary: '后端服务声明 Transfer-Encoding: chunked，但发送的响应体没有分块（中间有代理或过滤器改写了它）：nginx 记录 "upstream sent invalid chunked response while reading upstream"，并且不响应就关闭浏览器的连接。',
    brief: '后端服务声明 Transfer-Encoding: chunked，但发送的响应体没有分块',
  },
});

/** A head that says chunked, then a body that is not (the JSON as is). */
export const BAD_CHUNKED_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{"code":1,"msg":null,"data":null}';

export const adminBadChunked = wireFault({
  name: 'admin.bad-chunked',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_CHUNKED_ANSWER, 'latin1')) }),
});
