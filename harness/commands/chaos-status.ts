// `harness chaos status`: the running stack's engine, profile and admin server, and the faults in force.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { stackStatus, type StackStatus } from '../control/channel.js';
import { prefixFlag } from '../flags.js';
import { printJson } from '../terminal.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

const t = messages({
  en: {
    'chaos.status.stack': 'The stack in {prefix}: {engine} engine, {os} profile, admin server {admin}.',
    'chaos.status.adminExternal': 'your own (--admin external)',
    'chaos.status.adminDown': 'not listening (down)',
    'chaos.status.adminListening': 'listening ({mode})',
    'chaos.status.adminPassThrough': 'your own on {upstream}, through the harness\'s pass-through, {listening}',
    'chaos.status.none': 'No fault is applied.',
    'chaos.status.applied': 'Applied, oldest first (`npx harness chaos restore{prefix}` undoes them all):',
  },
  'zh-CN': {
    'chaos.status.stack': '{prefix} 中的环境：{engine} 引擎，{os} 系统，后端服务{admin}。',
    'chaos.status.adminExternal': '是你自己的（--admin external）',
    'chaos.status.adminDown': '没有监听（down）',
    'chaos.status.adminListening': '正在监听（{mode}）',
    'chaos.status.adminPassThrough': '是你自己的（{upstream}），请求经 harness 转发，{listening}',
    'chaos.status.none': '当前没有施加任何故障。',
    'chaos.status.applied': '已施加的故障，从早到晚（`npx harness chaos restore{prefix}` 全部撤销）：',
  },
});

type Out = (s: string) => void;

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(commandText('cli.prefix.running'))).option('json', jsonOption());

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
