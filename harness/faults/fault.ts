// A fault: one small named thing done to a running stack, and undone (toxiproxy's toxics, one file
// each). Scenarios, `harness chaos inject` and the tests all apply faults through this interface;
// each fault describes its arguments (params.ts), so that the CLI's parser and a form can take them.
import type { AdminShell } from '../../stand-in/admin-server/shell.js';
import type { ProxyEngine } from '../engine/engine.js';
import type { StackSpec } from '../stack/stack.js';
import { UserError } from '../errors.js';
import { messages, type Messages } from '../i18n/index.js';

const t = messages({
  en: {
    'fault.needsAdmin': 'the admin server is your own and the harness is not in front of it (--admin external without --admin-upstream): admin.* faults need the harness between nginx and it. Move your server to another port (server.port=8081 in application.yml) and start the stack with --admin external --admin-upstream 127.0.0.1:8081.',
    'fault.needsProxy': 'no proxy is running in this stack',
  },
  'zh-CN': {
    'fault.needsAdmin': '后端服务是你自己的，harness 不在它前面（用了 --admin external，没有给 --admin-upstream）：admin.* 故障需要 harness 位于 nginx 和后端服务之间。请把后端服务换到另一个端口（application.yml 中的 server.port=8081），再用 --admin external --admin-upstream 127.0.0.1:8081 启动环境。',
    'fault.needsProxy': '这个环境里没有运行反向代理',
  },
});

// ---- A fault's arguments, described once (params.ts checks what a user gives against them) ----

export type ParamValue = string | number;
export type FaultValues = Readonly<Record<string, ParamValue | undefined>>;

interface ParamBase {
  /** `bytes`, `path`: the flag's name (`--path`), or the key a form sends. */
  readonly name: string;
  /** Given as `--name VALUE`; otherwise positional, in the order of `params`. */
  readonly flag?: boolean;
  readonly required?: boolean;
  /** What it is, one phrase: `the body bytes sent before the connection is closed`. */
  readonly describe: string;
  /** How usage shows its value: `BYTES`, `GLOB`. */
  readonly placeholder: string;
  /** A value that works, for messages and forms: `10`, `/admin/employee/**`. */
  readonly example: string;
  /** Its value when not given. */
  readonly default?: ParamValue;
}

export type Param = ParamBase &
  (
    | { readonly type: 'integer'; readonly min: number; readonly max: number }
    /** More than 0, at most 1. */
    | { readonly type: 'fraction' }
    | { readonly type: 'choice'; readonly values: readonly string[] }
    /** A glob of the admin server's paths (selection.ts says which syntax). */
    | { readonly type: 'glob' }
    /** Free text the fault checks itself. */
    | { readonly type: 'text' }
  );

/** What a user gave: positional values in order, and flags (or, from a form, every value) by name. */
export interface FaultInput {
  positional?: readonly string[];
  flags?: Readonly<Record<string, string | undefined>>;
}

/** What a fault acts on: the parts of a running stack (a Stack is one). */
export interface FaultTarget {
  /** The admin server the harness runs: the stand-in, or the pass-through to the user's own server. */
  readonly adminShell?: AdminShell;
  readonly proxy?: ProxyEngine;
  /** The stack's folder: the nginx prefix (conf/, logs/, temp/). */
  readonly prefix: string;
  readonly spec: Pick<StackSpec, 'os' | 'engine'>;
}

/** A fault once applied. */
export interface AppliedFault {
  /** Undoes it; absent: there is nothing to undo (a crash is over once the worker is replaced). */
  undo?(): Promise<void>;
  /** What it has done so far, for `harness chaos status` (`acted on 2 of 3 requests`). */
  progress?(): string;
  /** What the user should know about this application of it (a glob that matches no path). */
  warnings?: string[];
}

export interface Fault {
  /** `admin.stop`, `proxy.crash-worker`, ... */
  readonly name: string;
  /** One sentence: what a user sees while it is applied. */
  readonly summary: string;
  /** What happens, in a few words: `chaos inject --help` lists the faults with it. */
  readonly brief: string;
  /** Its own messages in both languages (its file's messages()): tests/unit/texts.spec.ts checks them. */
  readonly texts: Messages<string>['texts'];
  /** Its arguments: positional ones first, in order, then flags (`--path`). */
  readonly params: readonly Param[];
  /** Another name it answers to (`admin.slow` for admin.latency). */
  readonly alias?: string;
  /**
   * What it does to nginx's peer state: its failures count against the peer (max_fails), which
   * then sits out fail_timeout, so /api may answer "no live upstreams" for a while after it is undone.
   */
  readonly marksPeerDown?: boolean;
  /** What a user of this stack will see now that it is applied, when the summary cannot say (it depends on the stack). */
  effect?(target: FaultTarget, values: FaultValues): string;
  /** Applies the fault with its checked values (params.ts parseFault). */
  apply(target: FaultTarget, values: FaultValues): Promise<AppliedFault>;
}

/** A fault that cannot be applied as asked (exit 2: bad input, or a fault that does not apply here). */
export class FaultError extends UserError {
  constructor(message: string) {
    super(message, 2);
  }
}

export function requireAdmin(target: FaultTarget): AdminShell {
  if (!target.adminShell) throw new FaultError(t('fault.needsAdmin'));
  return target.adminShell;
}

export function requireProxy(target: FaultTarget): ProxyEngine {
  if (!target.proxy) throw new FaultError(t('fault.needsProxy'));
  return target.proxy;
}
