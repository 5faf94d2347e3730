import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminClose = wireFault({
  name: 'admin.close',
  marksPeerDown: true,
  summary: t('fault.admin.close.summary'),
  // A close once the request is read is a FIN; with request bytes unread it would be a reset.
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.destroy()) }),
});
