// `harness chaos list | run | inject | status | restore`: the scenarios, each on a fresh stack
// (chaos-list.ts, chaos-run.ts), and faults on the running stack (chaos-inject.ts,
// chaos-status.ts, chaos-restore.ts). Each verb's file loads only when it is named: inject loads
// no scenario and no browser, so that a fault applies as fast as the command starts.
import type { Argv } from 'yargs';
import { lazyCommands, lazyFile, type CommandEntry } from './command.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'cli.chaos.demand': 'Name a chaos command: list, run, inject, status or restore.',
    'cli.chaos.list': 'List the scenarios and the faults',
    'cli.chaos.run': 'Run a scenario on a fresh isolated stack: a verdict per observation, a timeline (SVG + JSON), exit 1 when one fails',
    'cli.chaos.inject': 'Apply a fault to the running `harness up` stack (watch the browser while it happens)',
    'cli.chaos.status': 'What the running `harness up` stack is, and the faults applied to it (with what each has done so far)',
    'cli.chaos.restore': 'Undo every fault applied to the running stack',
  },
  'zh-CN': {
    'cli.chaos.demand': '请给出一个 chaos 命令：list、run、inject、status 或 restore。',
    'cli.chaos.list': '列出所有场景和故障',
    'cli.chaos.run': '在一套新的、隔离的环境上跑一个场景：逐项检查并给出结果，生成时间线（SVG + JSON），有一项失败就以 1 退出',
    'cli.chaos.inject': '对 `harness up` 正在运行的环境施加一个故障（可以同时在浏览器里看效果）',
    'cli.chaos.status': '`harness up` 正在运行的环境是什么样的，以及施加了哪些故障（每个故障到目前为止做了什么）',
    'cli.chaos.restore': '撤销正在运行的环境上的所有故障',
  },
});

export const commands: CommandEntry[] = [
  ['list', t('cli.chaos.list'), lazyFile(() => import('./chaos-list.js'))],
  ['run <name>', t('cli.chaos.run'), lazyFile(() => import('./chaos-run.js'))],
  ['inject <fault> [args..]', t('cli.chaos.inject'), lazyFile(() => import('./chaos-inject.js'))],
  ['status', t('cli.chaos.status'), lazyFile(() => import('./chaos-status.js'))],
  ['restore', t('cli.chaos.restore'), lazyFile(() => import('./chaos-restore.js'))],
];

export const builder = (y: Argv) => lazyCommands(y, commands).demandCommand(1, t('cli.chaos.demand'));
