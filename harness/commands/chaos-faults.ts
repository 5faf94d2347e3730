// `harness chaos inject | status | restore`: faults on the stack `harness up` runs, through its
// control channel. Apart from `chaos list | run` (commands.ts), which load the scenarios and
// Playwright: this command starts in a quarter of the time.
import { resolve } from 'node:path';
import { FAULTS, FaultError, findFault, parseFault, parseTokens, usage, type FaultInput } from '../faults/index.js';
import { callControl, type StackStatus } from '../control/channel.js';
import { UsageError } from '../errors.js';
import { prefixFlag } from '../flags.js';
import { printJson } from '../terminal.js';

type Out = (s: string) => void;

/** The fault's input from the command line: its name, then its values and flags as typed. */
function faultInput(fault: string, tokens: readonly string[]): FaultInput {
  const f = findFault(fault);
  if (!f) throw new UsageError(`no fault "${fault}". The faults: ${FAULTS.map((x) => x.name).join(', ')} (\`harness chaos list\` says what each does).`);
  try {
    const input = parseTokens(tokens);
    parseFault(f, input); // bad input is said here, before the stack is asked
    return input;
  } catch (e) {
    throw e instanceof FaultError ? new UsageError(`${e.message.split('\n')[0]}\n  Usage: harness chaos inject ${usage(f)}`) : e;
  }
}

export async function chaosInject(o: { fault: string; args: readonly string[]; prefix: string; json?: boolean }, out: Out): Promise<number> {
  const input = faultInput(o.fault, o.args);
  const r = await callControl(resolve(o.prefix), '/faults', { name: o.fault, ...input });
  if (o.json) return printJson(out, r);
  out(`${r.applied} applied: ${r.effect}`);
  for (const w of (r.warnings as string[]) ?? []) out(`warning: ${w}`);
  if (r.undoable) out(`Undo with: npx harness chaos restore${prefixFlag(o.prefix)}`);
  return 0;
}

export async function chaosStatus(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const s = (await callControl(resolve(o.prefix), '/status', undefined, 'GET')) as unknown as StackStatus;
  if (o.json) return printJson(out, s);
  out(`The stack in ${resolve(o.prefix)}: ${s.engine} engine, ${s.os} profile, admin server ${adminText(s)}.`);
  if (!s.faults.length) {
    out('No fault is applied.');
    return 0;
  }
  out(`Applied, oldest first (\`npx harness chaos restore${prefixFlag(o.prefix)}\` undoes them all):`);
  for (const f of s.faults) out(`  ${f.label}${f.progress ? `: ${f.progress}` : ''}`);
  return 0;
}

export async function chaosRestore(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const r = await callControl(resolve(o.prefix), '/restore');
  if (o.json) return printJson(out, r);
  const undone = r.restored as string[];
  out(undone.length ? `restored: undid ${undone.join(', ')}` : 'nothing to restore: no fault that can be undone is applied (a crashed worker is replaced by the master; there is nothing to undo)');
  if (undone.some((label) => findFault(label.split(' ')[0])?.marksPeerDown)) {
    // What users meet right after a restore: the proxy has not forgotten the failure yet.
    out('The proxy still counts a peer that failed as down for fail_timeout (10 s, per worker): until then /api may answer 502 "no live upstreams", as nginx does.');
  }
  return 0;
}

/** `your own on 127.0.0.1:8081, through the harness (listening: dual)` */
function adminText(s: StackStatus): string {
  const listening = s.admin === 'down' ? 'not listening (down)' : `listening (${s.admin})`;
  if (s.adminUpstream) return `your own on ${s.adminUpstream}, through the harness's pass-through, ${listening}`;
  return s.admin === 'external' ? 'your own (--admin external)' : listening;
}
