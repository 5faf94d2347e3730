import { wireFault } from './wire.js';

/** A head that says chunked, then a body that is not (the JSON as is). */
export const BAD_CHUNKED_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{"code":1,"msg":null,"data":null}';

export const adminBadChunked = wireFault({
  name: 'admin.bad-chunked',
  summary: 'The admin server says Transfer-Encoding: chunked and sends its body unchunked (a proxy or filter between that rewrote it): nginx logs "upstream sent invalid chunked response while reading upstream" and closes the browser\'s connection without an answer.',
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_CHUNKED_ANSWER, 'latin1')) }),
});
