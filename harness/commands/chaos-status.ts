// `harness chaos status`: the running stack's engine, profile and admin server, and the faults in force.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { stackStatus, type StackStatus } from '../control/channel.js';
import { prefixFlag } from '../flags.js';
import { printJson } from '../terminal.js';
import { t } from '../i18n/index.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

type Out = (s: string) => void;

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(t('cli.prefix.running'))).option('json', jsonOption());

export const handler = (a: Args<typeof builder>) => guard(() => chaosStatus({ prefix: a.prefix, json: a.json }, print));

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

/** `your own on 127.0.0.1:8081, through the harness's pass-through, listening (dual)` */
function adminText(s: StackStatus): string {
  const listening = s.admin === 'down' ? t('chaos.status.adminDown') : t('chaos.status.adminListening', { mode: s.admin });
  if (s.adminUpstream) return t('chaos.status.adminPassThrough', { upstream: s.adminUpstream, listening });
  return s.admin === 'external' ? t('chaos.status.adminExternal') : listening;
}
