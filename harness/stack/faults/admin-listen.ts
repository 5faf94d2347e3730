import { LISTEN_MODES, type ListenMode } from '../../../stubs/admin-server/listen-modes.js';
import { FaultError, requireAdmin, type Fault } from './fault.js';

export const adminListen: Fault = {
  name: 'admin.listen',
  summary: 'The admin server listens on one family only (ipv4: 127.0.0.1, ipv6: ::1), both (dual), or none (down): nginx logs a refusal for the other.',
  arg: { name: 'mode', required: true, values: LISTEN_MODES },
  async apply(stack, arg) {
    if (!arg || !(LISTEN_MODES as readonly string[]).includes(arg)) {
      throw new FaultError(`admin.listen needs a mode: ${LISTEN_MODES.join(', ')} (got ${arg ?? 'none'})`);
    }
    const admin = requireAdmin(stack);
    const mode = admin.mode;
    await admin.setMode(arg as ListenMode);
    return () => admin.setMode(mode);
  },
};
