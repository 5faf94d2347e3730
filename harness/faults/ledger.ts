// The faults applied to one stack: `harness chaos inject` (through the stack's control channel)
// and a scenario's run add to it, `chaos status` reads it, `chaos restore` and the stack's stop
// undo it, newest first. inject() is the one function every way of applying a fault calls. The
// faults themselves (every fault's module) load with the first inject, so that a stack's control
// channel costs `harness up` nothing before it is ready.
import { FaultError, type AppliedFault, type FaultInput, type FaultTarget } from './fault.js';
import { faultsText } from './texts.js';
import { loadConfReader } from './stack-conf.js';

export interface FaultEntry {
  id: number;
  /** `admin.reset --path /admin/**`: the fault as a user types it. */
  label: string;
  name: string;
  applied: AppliedFault;
}

export interface Injected {
  entry: FaultEntry;
  /** What the user will see now, said for this stack. */
  effect: string;
  warnings: string[];
}

export class FaultLedger {
  #entries: FaultEntry[] = [];
  #nextId = 1;

  constructor(readonly target: FaultTarget) {}

  /** Checks and applies a fault (a FaultError says what is wrong and what is accepted). */
  async inject(name: string, input: FaultInput = {}): Promise<Injected> {
    // Every fault's module (~40 ms) loads with the first fault applied, not with the stack.
    const [{ FAULTS, findFault, label, parseFault }] = await Promise.all([import('./index.js'), loadConfReader()]);
    const fault = findFault(name);
    if (!fault) throw new FaultError(faultsText('chaos.inject.noFault', { name, names: FAULTS.map((f) => f.name).join(', ') }));
    const values = parseFault(fault, input);
    const applied = await fault.apply(this.target, values);
    const entry: FaultEntry = { id: this.#nextId++, label: label(fault, values), name: fault.name, applied };
    // A crash is an event, not a state: there is nothing to undo or list.
    if (applied.undo) this.#entries.push(entry);
    return { entry, effect: fault.effect?.(this.target, values) ?? fault.summary, warnings: applied.warnings ?? [] };
  }

  /** What is applied now, oldest first. */
  get entries(): readonly FaultEntry[] {
    return this.#entries;
  }

  /** Undoes one fault (the control page's Undo beside it); undefined when no fault of that id is applied. */
  async undo(id: unknown): Promise<string | undefined> {
    const e = this.#entries.find((x) => x.id === id);
    if (!e) return undefined;
    await e.applied.undo!();
    this.#entries.splice(this.#entries.indexOf(e), 1);
    return e.label;
  }

  /** Undoes every fault, newest first; returns the labels undone. One that fails to undo stays, for a later try. */
  async restore(): Promise<string[]> {
    const undone: string[] = [];
    while (this.#entries.length) {
      const e = this.#entries.at(-1)!;
      await e.applied.undo!();
      this.#entries.pop();
      undone.push(e.label);
    }
    return undone;
  }
}
