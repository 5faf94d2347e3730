import { requireAdmin, type Fault } from './fault.js';

export const adminStart: Fault = {
  name: 'admin.start',
  summary: 'The admin server listens again on both loopbacks (after admin.stop, or a stack started with --admin down).',
  async apply(stack) {
    const admin = requireAdmin(stack);
    const mode = admin.mode;
    await admin.setMode('dual');
    return () => admin.setMode(mode);
  },
};
