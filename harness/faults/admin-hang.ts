import { apiLocation, secondsText, timedOut } from './stack-conf.js';
import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminHang = wireFault({
  name: 'admin.hang',
  marksPeerDown: true,
  summary: t('fault.admin.hang.summary'),
  effect(target) {
    const read = apiLocation(target)?.proxyReadTimeoutMs;
    if (read === undefined) return t('fault.admin.hang.effect');
    return t('fault.admin.hang.effectConf', { read: secondsText(read), timedOut: timedOut(read) });
  },
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => x.hold() }),
});
