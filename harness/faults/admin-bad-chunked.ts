import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/** A head that says chunked, then a body that is not (the JSON as is). */
export const BAD_CHUNKED_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{"code":1,"msg":null,"data":null}';

export const adminBadChunked = wireFault({
  name: 'admin.bad-chunked',
  summary: t('fault.admin.bad-chunked.summary'),
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_CHUNKED_ANSWER, 'latin1')) }),
});
