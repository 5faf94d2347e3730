import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

export const adminStatus = wireFault({
  name: 'admin.status',
  summary: t('fault.admin.status.summary'),
  params: [{ name: 'code', type: 'integer', min: 400, max: 599, required: true, placeholder: 'CODE', describe: t('fault.admin.status.code'), example: '500' }],
  action: (v) => ({ stage: 'answer', answers: 'http', answer: (x) => x.answerStatus(v.code as number) }),
});
