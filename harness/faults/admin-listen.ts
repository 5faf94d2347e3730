import { LISTEN_MODES, type ListenMode } from '../../stubs/admin-server/listen-modes.js';
import { requireAdmin, type Fault } from './fault.js';

export const adminListen: Fault = {
  name: 'admin.listen',
  marksPeerDown: true,
  summary: 'The admin server listens on one family only (ipv4: 127.0.0.1, ipv6: ::1), both (dual), or none (down): nginx logs a refusal for the other.',
  params: [{ name: 'mode', type: 'choice', values: LISTEN_MODES, required: true, placeholder: 'MODE', describe: 'where the admin server listens', example: 'ipv4' }],
  async apply(target, values) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode(values.mode as ListenMode);
    return { undo: () => admin.setMode(mode) };
  },
};
