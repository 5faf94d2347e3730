import { requireAdmin, type Fault } from './fault.js';

export const adminStart: Fault = {
  name: 'admin.start',
  summary: 'The admin server listens again on both loopbacks (after admin.stop, or a stack started with --admin down).',
  params: [],
  async apply(target) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode('dual');
    return { undo: () => admin.setMode(mode) };
  },
};
