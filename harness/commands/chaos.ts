// `harness chaos list | run | inject | status | restore`: scenarios (commands/chaos.ts) and faults
// on the running stack (commands/chaos-faults.ts).
import type { Argv } from 'yargs';
import type { OsName } from '../os-profile.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import * as flag from '../flags.js';
import { jsonOption, osOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import { t } from '../i18n/index.js';

export function chaosCommand<T>(cli: Argv<T>): Argv<T> {
  // Lazy, in list and run: ~390 ms (Playwright, the scenarios) of every other command's start (measured on the bundle).
  const scenarios = () => import('../commands/chaos.js');
  // Lazy, in inject, status and restore: ~29 ms of every other command's start (measured on the bundle).
  const faults = () => import('../commands/chaos-faults.js');
  const onStack = <U>(yy: Argv<U>) => yy.option('prefix', stackPrefixOption(t('cli.prefix.running'))).option('json', jsonOption());
  return cli.command('chaos', t('cli.chaos.describe'), (y) =>
    y
      .command('list', t('cli.chaos.list'), (yy) => yy.option('json', jsonOption()), (a) =>
        guard(async () => (await scenarios()).chaosList(print, { json: a.json })),
      )
      .command(
        'run <name>',
        t('cli.chaos.run'),
        (yy) =>
          yy
            .positional('name', { type: 'string', demandOption: true, describe: t('cli.chaos.run.name') })
            // No defaults: a scenario that needs nginx or a profile gets it unless the user chose otherwise.
            .option('proxy', { choices: ENGINES, describe: t('cli.chaos.run.proxy') })
            .option('os', { choices: osOption().choices, describe: t('cli.chaos.run.os') })
            .option('out', { type: 'string', requiresArg: true, describe: t('cli.chaos.run.out') })
            .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: t('cli.chaos.run.prefix') })
            .option('doctor', { type: 'boolean', default: false, describe: t('cli.chaos.run.doctor') })
            .option('admin', { choices: ['external'] as const, describe: t('cli.chaos.run.admin') })
            .option('admin-upstream', { requiresArg: true, coerce: flag.hostAndPort('--admin-upstream'), describe: t('cli.chaos.run.adminUpstream') }),
        (a) =>
          guard(async () =>
            (await scenarios()).chaosRun({ name: a.name, proxy: a.proxy as EngineName | undefined, os: a.os as OsName | undefined, out: a.out, prefix: a.prefix, doctor: a.doctor, admin: a.admin, adminUpstream: a['admin-upstream'] }, print),
          ),
      )
      .command(
        'inject <fault> [args..]',
        t('cli.chaos.inject'),
        // The help's list of the faults comes from their table, in the module the handler loads anyway.
        async (yy) =>
          yy
            // The fault's own values and flags (--path, --times...) are checked against its description, not by yargs.
            .parserConfiguration({ 'unknown-options-as-args': true })
            .positional('fault', { type: 'string', demandOption: true, describe: t('cli.chaos.inject.fault') })
            .positional('args', { type: 'string', array: true, describe: t('cli.chaos.inject.args') })
            .option('prefix', stackPrefixOption(t('cli.prefix.running')))
            .option('json', jsonOption())
            .epilogue((await faults()).faultsHelp()),
        (a) => guard(async () => (await faults()).chaosInject({ fault: a.fault, args: (a.args ?? []).map(String), prefix: a.prefix, json: a.json }, print)),
      )
      .command('status', t('cli.chaos.status'), onStack, (a) =>
        guard(async () => (await faults()).chaosStatus({ prefix: a.prefix, json: a.json }, print)),
      )
      .command('restore', t('cli.chaos.restore'), onStack, (a) =>
        guard(async () => (await faults()).chaosRestore({ prefix: a.prefix, json: a.json }, print)),
      )
      .demandCommand(1, t('cli.chaos.demand')),
  );
}
