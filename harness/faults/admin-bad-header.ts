import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server answers a valid status line, then a header line nginx refuses ("Content Type:", a space in its name): 502, and nginx logs "upstream sent invalid header: "Content\\x20..." while reading response header from upstream"; nginx does not try the other loopback (invalid_header is not in proxy_next_upstream\'s default).',
    brief: 'The admin server answers a header line nginx refuses ("Content Type:", a space in its name)',
  },
  'zh-CN': {
    summary: '后端服务先返回合法的状态行，然后是一行 nginx 不接受的响应头（"Content Type:"，名字里有空格）：返回 502，nginx 记录 "upstream sent invalid header: "Content\\x20..." while reading response header from upstream"；nginx 不会在另一个回环地址上重试（proxy_next_upstream 的默认值里没有 invalid_header）。',
    brief: '后端服务返回一行 nginx 不接受的响应头（"Content Type:"，名字里有空格）',
  },
});

/** A status line nginx accepts, then a header whose name has a space, which nginx refuses. */
export const BAD_HEADER_ANSWER = 'HTTP/1.1 200 OK\r\nContent Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

export const adminBadHeader = wireFault({
  name: 'admin.bad-header',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_HEADER_ANSWER, 'latin1')) }),
});
