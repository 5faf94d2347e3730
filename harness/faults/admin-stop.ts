import { requireAdmin, type Fault } from './fault.js';

export const adminStop: Fault = {
  name: 'admin.stop',
  marksPeerDown: true,
  summary: 'The admin server stops listening on both loopbacks: every /api request is refused, then "no live upstreams".',
  params: [],
  async apply(target) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode('down');
    return { undo: () => admin.setMode(mode) };
  },
};
