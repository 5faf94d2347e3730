import { requireAdmin, type Fault } from './fault.js';
import { t } from '../i18n/index.js';

export const adminStart: Fault = {
  name: 'admin.start',
  summary: t('fault.admin.start.summary'),
  params: [],
  async apply(target) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode('dual');
    return { undo: () => admin.setMode(mode) };
  },
};
