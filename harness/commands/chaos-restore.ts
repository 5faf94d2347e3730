// `harness chaos restore`: every fault in force on the running stack undone, newest first.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { callControl } from '../control/channel.js';
import { findFault } from '../faults/index.js';
import { printJson } from '../terminal.js';
import { t } from '../i18n/index.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

type Out = (s: string) => void;

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(t('cli.prefix.running'))).option('json', jsonOption());

export const handler = (a: Args<typeof builder>) => guard(() => chaosRestore({ prefix: a.prefix, json: a.json }, print));

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
