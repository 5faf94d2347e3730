import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminTruncate = wireFault({
  name: 'admin.truncate',
  summary: t('fault.admin.truncate.summary'),
  params: [{ name: 'bytes', type: 'integer', min: 0, max: 1_073_741_824, required: true, placeholder: 'BYTES', describe: t('fault.admin.truncate.bytes'), example: '10' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'truncate',
    shape(plan) {
      plan.body = plan.body.subarray(0, v.bytes as number);
      plan.contentLength = 'whole';
      plan.end = 'close';
    },
  }),
});
