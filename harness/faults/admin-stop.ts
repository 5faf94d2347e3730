import { requireAdmin, type Fault } from './fault.js';
import { t } from '../i18n/index.js';

export const adminStop: Fault = {
  name: 'admin.stop',
  marksPeerDown: true,
  summary: t('fault.admin.stop.summary'),
  params: [],
  async apply(target) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode('down');
    return { undo: () => admin.setMode(mode) };
  },
};
