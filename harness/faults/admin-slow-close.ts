import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminSlowClose = wireFault({
  name: 'admin.slow-close',
  summary: t('fault.admin.slow-close.summary'),
  params: [{ name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('fault.admin.slow-close.ms'), example: '2000' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'end',
    shape(plan) {
      // Delimited by the close (as Tomcat sends a streamed answer to nginx's HTTP/1.0), unless a cut fixed its length.
      if (plan.contentLength === 'keep') plan.contentLength = 'none';
      plan.endAfterMs += v.ms as number;
    },
  }),
});
