import { LISTEN_MODES, type ListenMode } from '../../stubs/admin-server/listen-modes.js';
import { requireAdmin, type Fault } from './fault.js';
import { t } from '../i18n/index.js';

export const adminListen: Fault = {
  name: 'admin.listen',
  marksPeerDown: true,
  summary: t('fault.admin.listen.summary'),
  params: [{ name: 'mode', type: 'choice', values: LISTEN_MODES, required: true, placeholder: 'MODE', describe: t('fault.admin.listen.mode'), example: 'ipv4' }],
  async apply(target, values) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode(values.mode as ListenMode);
    return { undo: () => admin.setMode(mode) };
  },
};
