// `harness chaos inject | status | restore`: faults on the stack `harness up` runs, through its
// control channel. Apart from `chaos list | run` (commands.ts), which load the scenarios and
// Playwright: this command starts in a quarter of the time.
import { resolve } from 'node:path';
import { FAULTS, FaultError, findFault, parseFault, parseTokens, usage, type Fault, type FaultInput } from '../faults/index.js';
import { callControl, type StackStatus } from '../control/channel.js';
import { stackStatus } from '../compose/ps.js';
import { UsageError } from '../errors.js';
import { prefixFlag } from '../flags.js';
import { printJson } from '../terminal.js';
import { t } from '../i18n/index.js';
import { t as paramsText } from '../faults/params.texts.js';

type Out = (s: string) => void;

/** `admin.latency MS [--jitter MS] ... (also admin.slow)`: a fault as `chaos list` and inject's help show it. */
export function shownUsage(f: Fault): string {
  return usage(f) + (f.alias ? t('chaos.list.alias', { alias: f.alias }) : '');
}

/** `chaos inject --help`'s list of the faults: each one's usage, then what it does, indented (yargs wraps each row within its indent). */
export function faultsHelp(): string {
  return [t('cli.chaos.inject.faults'), ...FAULTS.flatMap((f) => [`  ${shownUsage(f)}`, `      ${f.brief}`])].join('\n');
}

/** The fault's input from the command line: its name, then its values and flags as typed. */
function faultInput(fault: string, tokens: readonly string[]): FaultInput {
  const f = findFault(fault);
  if (!f) throw new UsageError(t('chaos.inject.noFault', { name: fault, names: FAULTS.map((x) => x.name).join(', ') }));
  try {
    const input = parseTokens(tokens);
    parseFault(f, input); // bad input is said here, before the stack is asked
    return input;
  } catch (e) {
    throw e instanceof FaultError ? new UsageError(`${e.message.split('\n')[0]}\n${paramsText('fault.params.usage', { usage: usage(f) })}`) : e;
  }
}

export async function chaosInject(o: { fault: string; args: readonly string[]; prefix: string; json?: boolean }, out: Out): Promise<number> {
  const input = faultInput(o.fault, o.args);
  const r = await callControl(resolve(o.prefix), '/faults', { name: o.fault, ...input });
  if (o.json) return printJson(out, r);
  out(t('chaos.inject.applied', { label: String(r.applied), effect: String(r.effect) }));
  for (const w of (r.warnings as string[]) ?? []) out(t('chaos.inject.warning', { text: w }));
  if (r.undoable) out(t('chaos.inject.undo', { prefix: prefixFlag(o.prefix) }));
  return 0;
}

export async function chaosStatus(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const s = await stackStatus(resolve(o.prefix));
  if (o.json) return printJson(out, s);
  out(t('chaos.status.stack', { prefix: resolve(o.prefix), engine: s.engine, os: s.os, admin: adminText(s) }));
  if (!s.faults.length) {
    out(t('chaos.status.none'));
    return 0;
  }
  out(t('chaos.status.applied', { prefix: prefixFlag(o.prefix) }));
  for (const f of s.faults) out(`  ${f.label}${f.progress ? `: ${f.progress}` : ''}`);
  return 0;
}

export async function chaosRestore(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const r = await callControl(resolve(o.prefix), '/restore');
  if (o.json) return printJson(out, r);
  const undone = r.restored as string[];
  out(undone.length ? t('chaos.restore.undid', { labels: undone.join(', ') }) : t('chaos.restore.nothing'));
  if (undone.some((label) => findFault(label.split(' ')[0])?.marksPeerDown)) {
    // What users meet right after a restore: the proxy has not forgotten the failure yet.
    out(t('chaos.restore.failTimeout'));
  }
  return 0;
}

/** `your own on 127.0.0.1:8081, through the harness's pass-through, listening (dual)` */
function adminText(s: StackStatus): string {
  const listening = s.admin === 'down' ? t('chaos.status.adminDown') : t('chaos.status.adminListening', { mode: s.admin });
  if (s.adminUpstream) return t('chaos.status.adminPassThrough', { upstream: s.adminUpstream, listening });
  return s.admin === 'external' ? t('chaos.status.adminExternal') : listening;
}
