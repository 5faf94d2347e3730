// `harness chaos list | run | inject | status | restore`: the scenarios, each on a fresh stack
// (chaos-list.ts, chaos-run.ts), and faults on the running stack (chaos-inject.ts,
// chaos-status.ts, chaos-restore.ts). Each verb's file loads only when it is named: inject loads
// no scenario and no browser, so that a fault applies as fast as the command starts.
import type { Argv } from 'yargs';
import { lazyCommands, lazyFile, type CommandEntry } from './command.js';
import { t } from '../i18n/index.js';

export const commands: CommandEntry[] = [
  ['list', t('cli.chaos.list'), lazyFile(() => import('./chaos-list.js'))],
  ['run <name>', t('cli.chaos.run'), lazyFile(() => import('./chaos-run.js'))],
  ['inject <fault> [args..]', t('cli.chaos.inject'), lazyFile(() => import('./chaos-inject.js'))],
  ['status', t('cli.chaos.status'), lazyFile(() => import('./chaos-status.js'))],
  ['restore', t('cli.chaos.restore'), lazyFile(() => import('./chaos-restore.js'))],
];

export const builder = (y: Argv) => lazyCommands(y, commands).demandCommand(1, t('cli.chaos.demand'));
