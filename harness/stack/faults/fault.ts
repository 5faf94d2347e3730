// A fault: one small named thing done to a running stack, and undone (toxiproxy's toxics, one file
// each). Scenarios, `harness chaos inject` and the tests all apply faults through this interface.
import type { Stack } from '../stack.js';
import { UserError } from '../../errors.js';

export interface Fault {
  /** `admin.stop`, `proxy.crash-worker`, ... */
  readonly name: string;
  /** One sentence: what a user sees while it is applied. */
  readonly summary: string;
  /** What the argument is, when the fault takes one (`ipv4`, `3000`). */
  readonly arg?: { name: string; required: boolean; values?: readonly string[] };
  /** What a user of this stack will see now that it is applied, when the summary cannot say (it depends on the stack). */
  effect?(stack: Stack, arg?: string): string;
  /** Applies the fault; resolves with the undo, or undefined when there is nothing to undo. */
  apply(stack: Stack, arg?: string): Promise<(() => Promise<void>) | undefined>;
}

/** A fault that cannot be applied to this stack, or an argument it cannot take. */
export class FaultError extends UserError {}

export function requireAdmin(stack: Stack) {
  if (!stack.admin) throw new FaultError('the admin server is not the harness\'s (--admin external): its faults cannot be applied');
  return stack.admin;
}

export function requireProxy(stack: Stack) {
  if (!stack.proxy) throw new FaultError('no proxy is running in this stack');
  return stack.proxy;
}
