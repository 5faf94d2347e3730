// The life of one running stack, from its prefix's lock to its stop, owned by one object: the lock
// (stack/owner.ts), the stack's start, the faults applied to it (its ledger), its control channel
// and state.json (harness up's), and the one teardown that every way out leads to (a failed start,
// Ctrl-C, SIGTERM, `harness down`, the package API's stop(), a test's end). The teardown runs once,
// in this order: the control channel closed (no fault comes in any more), the faults undone newest
// first (a fault never outlives its stack), the stack stopped, state.json removed, the lock released,
// and a temporary prefix removed. `harness up`, the package API, the chaos runner and the tests'
// fixtures all hold their stacks through it.
import { rmSync } from 'node:fs';
import { makeFolder } from '../make-folder.js';
import { Stack, type StackSpec } from '../stack/stack.js';
import { lockPrefix, thisProcess, type PrefixLock } from '../stack/owner.js';
import { removeState, writeState, type StackState } from '../stack/state.js';
import { FaultLedger } from '../faults/ledger.js';
import { startStackControl, type ControlChannel } from '../control/channel.js';

export interface LifeOptions {
  /** The stack's address, when it is known already: said in the lock for a second start to name. */
  url?: string;
  /** The prefix is a folder of the stack's own (a new temporary one): removed once it has stopped. */
  temporary?: boolean;
  /** `harness up`'s stack: it will publish state.json, and says so in the lock from the start (for `harness down`). */
  publishes?: boolean;
}

/** What stop() does with a fault that could not be undone: the stop goes on whatever it says. */
export type FaultNotUndone = (e: Error) => void;

/** A step of the life asked for after its stop began: what was asked is not done. */
export class StackStopped extends Error {}

export class StackLife {
  #lock: PrefixLock;
  #stack?: Stack;
  #faults?: FaultLedger;
  #control?: ControlChannel;
  /** The start in progress: a stop waits for it to settle, and stops what it started. */
  #starting?: Promise<unknown>;
  readonly #abort = new AbortController();
  #stopped?: Promise<void>;

  private constructor(
    readonly prefix: string,
    private readonly o: LifeOptions,
  ) {
    makeFolder(prefix);
    // The prefix is this stack's before anything is written in it; PrefixTaken when it is another's.
    this.#lock = lockPrefix(prefix, o.url, o.publishes);
  }

  /** Takes `prefix` (made when missing) for a stack: throws PrefixTaken when another holds it. */
  static hold(prefix: string, o: LifeOptions = {}): StackLife {
    return new StackLife(prefix, o);
  }

  /** A stack held, started and ready, or the error of its start once everything is undone. */
  static async start(spec: StackSpec, o: LifeOptions = {}): Promise<StackLife> {
    const life = StackLife.hold(spec.dir, o);
    try {
      await life.start(spec);
    } catch (e) {
      await life.stop();
      throw e;
    }
    return life;
  }

  /** Says the stack's address in the lock, once its port is chosen. */
  update(url: string): void {
    this.#lock.update(url);
  }

  /** Aborted once a stop has begun: a start in progress ends at its next step. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get stack(): Stack {
    if (!this.#stack) throw new StackStopped('the stack has not started');
    return this.#stack;
  }

  /** The faults applied to the stack: the stop undoes them before the stack stops. */
  get faults(): FaultLedger {
    return (this.#faults ??= new FaultLedger(this.stack));
  }

  /** Starts the stack in the held prefix; a stop during the start ends it (the stack's spec.signal too). */
  start(spec: Omit<StackSpec, 'dir'>): Promise<Stack> {
    const signal = spec.signal ? AbortSignal.any([spec.signal, this.signal]) : this.signal;
    return this.#step(() => Stack.start({ ...spec, dir: this.prefix, signal }), (s) => (this.#stack = s));
  }

  /** Serves the control channel (`harness chaos inject`, the control page) on the stack's ledger. */
  serve(onEvent: (text: string) => void): Promise<ControlChannel> {
    return this.#step(() => startStackControl(this.stack, onEvent, this.faults), (c) => (this.#control = c));
  }

  /** Writes state.json: how `ps`, `down` and `chaos inject` find the stack, once it is ready. */
  publish(state: Omit<StackState, 'pid' | 'startTime' | 'prefix' | 'control'>): void {
    if (this.signal.aborted) throw new StackStopped('the stack is stopping');
    if (!this.#control) throw new StackStopped('the control channel is not served');
    writeState({ ...thisProcess(), ...state, prefix: this.prefix, control: { url: this.#control.url, token: this.#control.token } });
  }

  /**
   * A step of the start: none begins once a stop has; what it makes is kept (`keep`) before a stop
   * in progress goes on, so that the stop undoes it, and the step's caller then learns of the stop.
   */
  async #step<T>(run: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    if (this.signal.aborted) throw new StackStopped('the stack is stopping');
    const kept = run().then((value) => (keep(value), value));
    this.#starting = kept.catch(() => undefined);
    // A step that a stop cut short fails as stopped, whatever the step itself says of it.
    const value = await kept.catch((e: unknown) => {
      throw this.signal.aborted ? new StackStopped('the stack is stopping', { cause: e }) : e;
    });
    if (this.signal.aborted) throw new StackStopped('the stack is stopping');
    return value;
  }

  /**
   * The one teardown, idempotent: every call gets the same promise. `why` is told to the control
   * page; `faultNotUndone` hears a fault that could not be undone (the stop goes on; without it,
   * the stop rejects with that error once it is over).
   */
  stop(o: { why?: string; faultNotUndone?: FaultNotUndone } = {}): Promise<void> {
    return (this.#stopped ??= this.#teardown(o));
  }

  async #teardown(o: { why?: string; faultNotUndone?: FaultNotUndone }): Promise<void> {
    this.#abort.abort();
    let notUndone: Error | undefined;
    try {
      await this.#starting;
      await this.#control?.close(o.why);
      await this.#faults?.restore().catch((e: Error) => (o.faultNotUndone ? o.faultNotUndone(e) : (notUndone ??= e)));
      await this.#stack?.stop();
    } finally {
      removeState(this.prefix, thisProcess());
      this.#lock.release();
      if (this.o.temporary) rmSync(this.prefix, { recursive: true, force: true });
    }
    // Nobody heard it: the stop's caller learns of it, once everything else is done.
    if (notUndone) throw notUndone;
  }
}
