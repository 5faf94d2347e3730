import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/** A status line nginx accepts, then a header whose name has a space, which nginx refuses. */
export const BAD_HEADER_ANSWER = 'HTTP/1.1 200 OK\r\nContent Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

export const adminBadHeader = wireFault({
  name: 'admin.bad-header',
  marksPeerDown: true,
  summary: t('fault.admin.bad-header.summary'),
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_HEADER_ANSWER, 'latin1')) }),
});
