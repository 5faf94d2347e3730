// `harness chaos restore`: every fault in force on the running stack undone, newest first.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { callControl } from '../control/channel.js';
import { findFault } from '../faults/index.js';
import { printJson } from '../terminal.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

const t = messages({
  en: {
    'chaos.restore.undid': 'restored: undid {labels}',
    'chaos.restore.nothing': 'nothing to restore: no fault that can be undone is applied (a crashed worker is replaced by the master; there is nothing to undo)',
    'chaos.restore.failTimeout': 'The proxy still counts a peer that failed as down for fail_timeout (10 s, per worker): until then /api may answer 502 "no live upstreams", as nginx does.',
  },
  'zh-CN': {
    'chaos.restore.undid': '已恢复：撤销了 {labels}',
    'chaos.restore.nothing': '没有需要恢复的：当前没有可撤销的故障（崩溃的 worker 会由 master 重新拉起，不需要撤销）',
    'chaos.restore.failTimeout': '在 fail_timeout 内（10 秒，每个 worker 各自计算），反向代理仍把失败过的上游节点当作不可用：在此之前 /api 可能返回 502 "no live upstreams"，nginx 也是这样。',
  },
});

type Out = (s: string) => void;

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(commandText('cli.prefix.running'))).option('json', jsonOption());

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
