// `harness chaos list | run | inject | status | restore`: scenarios (commands/chaos.ts) and faults
// on the running stack (commands/chaos-faults.ts).
import type { Argv } from 'yargs';
import type { OsName } from '../os-profile.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import * as flag from '../flags.js';
import { jsonOption, osOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';

export function chaosCommand<T>(cli: Argv<T>): Argv<T> {
  // Lazy, in list and run: ~390 ms (Playwright, the scenarios) of every other command's start (measured on the bundle).
  const scenarios = () => import('../commands/chaos.js');
  // Lazy, in inject, status and restore: ~29 ms of every other command's start (measured on the bundle).
  const faults = () => import('../commands/chaos-faults.js');
  const onStack = <U>(yy: Argv<U>) => yy.option('prefix', stackPrefixOption('The folder of the running stack')).option('json', jsonOption);
  return cli.command('chaos', 'Scenarios on a fresh stack, and faults on the stack `harness up` runs', (y) =>
    y
      .command('list', 'List the scenarios and the faults', (yy) => yy.option('json', jsonOption), (a) =>
        guard(async () => (await scenarios()).chaosList(print, { json: a.json })),
      )
      .command(
        'run <name>',
        'Run a scenario on a fresh isolated stack: a verdict per observation, a timeline (SVG + JSON), exit 1 when one fails',
        (yy) =>
          yy
            .positional('name', { type: 'string', demandOption: true, describe: 'The scenario (see chaos list), or the path of a compiled scenario module (default export: defineScenario({...}))' })
            .option('proxy', { choices: ENGINES, default: 'embedded' as EngineName, describe: 'Proxy engine' })
            .option('os', osOption)
            .option('out', { type: 'string', requiresArg: true, describe: 'Where to write timeline.svg/json and the stack (default .harness/chaos/<name>-<time>)' })
            .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The harness folder' })
            .option('doctor', { type: 'boolean', default: false, describe: 'End by explaining the logs the run left (harness doctor)' }),
        (a) =>
          guard(async () => (await scenarios()).chaosRun({ name: a.name, proxy: a.proxy, os: a.os as OsName, out: a.out, prefix: a.prefix, doctor: a.doctor }, print)),
      )
      .command(
        'inject <fault> [args..]',
        'Apply a fault to the running `harness up` stack (watch the browser while it happens); `harness chaos list` shows each fault\'s arguments',
        (yy) =>
          yy
            // The fault's own values and flags (--path, --times...) are checked against its description, not by yargs.
            .parserConfiguration({ 'unknown-options-as-args': true })
            .positional('fault', { type: 'string', demandOption: true, describe: 'The fault: `harness chaos list` names each, with its arguments' })
            .positional('args', { type: 'string', array: true, describe: 'The fault\'s values, then its flags; every admin.* wire fault takes --path GLOB, --times N, --rate P and --seed S' })
            .option('prefix', stackPrefixOption('The folder of the running stack'))
            .option('json', jsonOption),
        (a) => guard(async () => (await faults()).chaosInject({ fault: a.fault, args: (a.args ?? []).map(String), prefix: a.prefix, json: a.json }, print)),
      )
      .command('status', 'What the running `harness up` stack is, and the faults applied to it (with what each has done so far)', onStack, (a) =>
        guard(async () => (await faults()).chaosStatus({ prefix: a.prefix, json: a.json }, print)),
      )
      .command('restore', 'Undo every fault applied to the running stack', onStack, (a) =>
        guard(async () => (await faults()).chaosRestore({ prefix: a.prefix, json: a.json }, print)),
      )
      .demandCommand(1, 'Name a chaos command: list, run, inject, status or restore.'),
  );
}
