import { requireAdmin, type Fault } from './fault.js';

export const adminStop: Fault = {
  name: 'admin.stop',
  summary: 'The admin server stops listening on both loopbacks: every /api request is refused, then "no live upstreams".',
  async apply(stack) {
    const admin = requireAdmin(stack);
    const mode = admin.mode;
    await admin.setMode('down');
    return () => admin.setMode(mode);
  },
};
