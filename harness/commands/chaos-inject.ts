// `harness chaos inject <fault> [args..]`: a fault on the stack `harness up` runs, through its
// control channel. It loads no scenario and no browser (chaos list and run do): it starts in a
// quarter of their time.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { FAULTS, FaultError, findFault, parseFault, parseTokens, shownUsage, usage, type FaultInput } from '../faults/index.js';
import { callControl } from '../control/channel.js';
import { UsageError } from '../errors.js';
import { prefixFlag } from '../flags.js';
import { printJson } from '../terminal.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';
import { faultsText } from '../faults/texts.js';
import { t as paramsText } from '../faults/params.texts.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

const t = messages({
  en: {
    'cli.chaos.inject.fault': 'The fault: one of those below, by its name or its alias',
    'cli.chaos.inject.faults': 'Faults (`harness chaos list` says in full what each does):',
    'cli.chaos.inject.args': "The fault's values, then its flags; every admin.* wire fault takes --path GLOB, --times N, --rate P and --seed S",
    'chaos.inject.applied': '{label} applied: {effect}',
    'chaos.inject.warning': 'warning: {text}',
    'chaos.inject.undo': 'Undo with: npx harness chaos restore{prefix}',
  },
  'zh-CN': {
    'cli.chaos.inject.fault': '故障：下面列出的之一，用它的名字或别名',
    'cli.chaos.inject.faults': '故障（每个故障的完整说明见 `harness chaos list`）：',
    'cli.chaos.inject.args': '故障的取值，然后是它的选项；每个 admin.* 网络故障都接受 --path GLOB、--times N、--rate P 和 --seed S',
    'chaos.inject.applied': '已施加 {label}：{effect}',
    'chaos.inject.warning': '警告：{text}',
    'chaos.inject.undo': '撤销：npx harness chaos restore{prefix}',
  },
});

type Out = (s: string) => void;

export const builder = (y: Argv) =>
  y
    // The fault's own values and flags (--path, --times...) are checked against its description, not by yargs.
    .parserConfiguration({ 'unknown-options-as-args': true })
    .positional('fault', { type: 'string', demandOption: true, describe: t('cli.chaos.inject.fault') })
    .positional('args', { type: 'string', array: true, describe: t('cli.chaos.inject.args') })
    .option('prefix', stackPrefixOption(commandText('cli.prefix.running')))
    .option('json', jsonOption())
    .epilogue(faultsHelp());

export const handler = (a: Args<typeof builder>) => guard(() => chaosInject({ fault: a.fault, args: (a.args ?? []).map(String), prefix: a.prefix, json: a.json }, print));

/** `chaos inject --help`'s list of the faults: each one's usage, then what it does, indented (yargs wraps each row within its indent). */
function faultsHelp(): string {
  return [t('cli.chaos.inject.faults'), ...FAULTS.flatMap((f) => [`  ${shownUsage(f)}`, `      ${f.brief}`])].join('\n');
}

/** The fault's input from the command line: its name, then its values and flags as typed. */
function faultInput(fault: string, tokens: readonly string[]): FaultInput {
  const f = findFault(fault);
  if (!f) throw new UsageError(faultsText('chaos.inject.noFault', { name: fault, names: FAULTS.map((x) => x.name).join(', ') }));
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
