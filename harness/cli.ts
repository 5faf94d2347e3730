// The CLI's root: --lang, the parse, bad usage. Each command's yargs definition is its file in commands/.
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { UsageError } from './errors.js';
import { quietWhenReaderCloses } from './terminal.js';
import { lang, parseLang, setLang } from './i18n/index.js';
import { t } from './cli.texts.js';
import { t as flagText } from './flags.texts.js';
import { commands } from './commands/index.js';
import { lazyCommands, loadNamed } from './commands/command.js';
import { didYouMean } from './commands/suggest.js';

quietWhenReaderCloses(process.stdout);
quietWhenReaderCloses(process.stderr);

// --lang is read before yargs is built: every description (commands/) and message is in that language.
function langFromArgv(argv: readonly string[]): boolean {
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  if (i < 0) return false;
  const value = argv[i].includes('=') ? argv[i].slice('--lang='.length) : argv[i + 1];
  const lang = value === undefined ? undefined : parseLang(value);
  if (lang) setLang(lang);
  return lang !== undefined;
}
const langChosen = langFromArgv(hideBin(process.argv));

function yargsLocale(env: NodeJS.ProcessEnv): string | undefined {
  if (lang() === 'zh-CN') return 'zh_CN';
  return langChosen || env.HARNESS_LANG ? 'en' : undefined;
}

/** The usage line of a command's help, and its list of commands if it is a group (`harness chaos`). */
function shortUsage(help: string): string {
  const [usage, ...rest] = help.split('\n\n');
  // The list of commands, whatever yargs' locale calls it (`Commands:`, `命令：`, `Kommandos:`).
  const commands = rest.find((p) => /^\S[^\n]*\n {2}harness /.test(p));
  return `${t('common.usage', { usage })}\n${commands ? commands + '\n\n' : ''}`;
}

/**
 * yargs renders a command's whole help (cliui, wrap-ansi, string-width: a third of harness up's
 * parsing, measured before string-width was held at 4.x) each time a handler runs, in case the
 * handler asks for it later. None does: bad usage is caught at parse time, where the help is
 * rendered afresh (`.fail` below), and a handler's errors are printed by guard(). So the cache is
 * skipped, as the Angular CLI skips it.
 */
function withoutHelpCache(y: Argv): Argv {
  // yargs' internals: where a later yargs has none of these, it simply keeps its cache.
  const usage = (y as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?(): void } } }).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
  return y;
}

const root = withoutHelpCache(yargs(hideBin(process.argv)))
  .scriptName('harness')
  .usage(`$0 <command> [options]\n\n${t('cli.root.describe')}`);

const COMMANDS = commands();
await loadNamed(COMMANDS, hideBin(process.argv));

const cli = lazyCommands(root, COMMANDS)
  .option('lang', {
    global: true,
    type: 'string',
    requiresArg: true,
    describe: t('cli.lang'),
    coerce: (v: string) => {
      if (!parseLang(v)) throw new UsageError(flagText('common.badLang', { value: v }));
      return v;
    },
  })
  .strict()
  .demandCommand(1, t('cli.root.demand'))
  .help()
  .wrap(Math.min(110, process.stdout.columns ?? 100))
  .fail((msg, err, y) => {
    // yargs' own errors (and the flag checks' UsageErrors, which it wraps) are bad usage; others are bugs.
    if (err && err.name !== 'YError') throw err;
    // The command's usage line (and a group's commands), not its whole help: the line that
    // matters stays in sight.
    y.showHelp((help: string) => process.stderr.write(shortUsage(help)));
    // Thrown, not process.exit(): a bad command line ends as any command does, after what it started.
    throw new UsageError(err ? msg : (meant() ?? msg));
  });

/** yargs' state at a failure, which its types do not show: the options of the command reached, the commands typed and those it has. */
interface YargsState {
  getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> };
  getInternalMethods(): { getContext(): { commands: string[] }; getCommandInstance(): { getCommands(): string[] } };
}

/** A mistyped command or option, with the name the user most likely meant. */
function meant(): string | undefined {
  const state = cli as unknown as YargsState;
  const options = state.getOptions();
  const internal = state.getInternalMethods();
  return didYouMean(hideBin(process.argv), {
    typed: internal.getContext().commands,
    commands: internal.getCommandInstance().getCommands(),
    options: [...Object.keys(options.key), ...Object.values(options.alias).flat()],
  });
}

// yargs' own words (Options:, "Did you mean") follow the user's locale as yargs reads it (German
// too), except where ours decided otherwise: Chinese from the Windows UI language, or a language
// the user chose (--lang, HARNESS_LANG).
const yargsLang = yargsLocale(process.env);
if (yargsLang) cli.locale(yargsLang);

try {
  await cli.parseAsync();
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`harness: ${e.message}\n`);
  process.exitCode = e.exitCode;
}
