import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminReset = wireFault({
  name: 'admin.reset',
  marksPeerDown: true,
  summary: t('fault.admin.reset.summary'),
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.resetAndDestroy()) }),
});
