import { FaultError, requireAdmin, type Fault } from './fault.js';

export const adminSlow: Fault = {
  name: 'admin.slow',
  summary: 'Every admin answer waits the given milliseconds (an IDE breakpoint, a slow query): past proxy_read_timeout nginx answers 504.',
  arg: { name: 'ms', required: true },
  async apply(stack, arg) {
    const ms = Number(arg);
    if (!Number.isInteger(ms) || ms < 0) throw new FaultError(`admin.slow needs a delay in milliseconds, e.g. admin.slow 70000 (got ${arg ?? 'none'})`);
    const admin = requireAdmin(stack);
    admin.setDelay(ms);
    return async () => admin.setDelay(0);
  },
};
