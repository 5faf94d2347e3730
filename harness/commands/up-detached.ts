// `harness up --detach`: the stack started in the background (stack-life/detach.ts), then where it
// runs and how to stop it. In its plain cases bin/harness.js runs it before the CLI loads: the
// stack's own `harness up` checks the whole command line, and this command only waits for it, so
// that no yargs takes CPU from the stack's start (two cores: its process and its first worker).
import { DETACH_FLAG, upDetached, withoutDetach } from '../stack-life/detach.js';
import { labelled } from '../stack/printer.js';
import { quietWhenReaderCloses } from '../terminal.js';
import * as flag from '../flags.js';
import { guard, print } from './guard.js';
import { t } from './up.texts.js';

/** `harness up --detach` with `upArgs` (the arguments after `up`): its exit code. */
export async function upDetachedCommand(prefix: string, upArgs: string[]): Promise<number> {
  // The foreground `up`'s checks of the prefix, before anything is written in it.
  const r = await upDetached(withoutDetach(upArgs), flag.writableFolder('--prefix', prefix));
  const p = flag.prefixFlag(prefix);
  if ('state' in r) {
    const s = r.state;
    print(t('up.detach.runs', { pid: s.pid }));
    const rows = labelled([
      [t('up.detach.open'), t('up.detach.openText', { url: s.url })],
      [t('up.detach.control'), `${s.control.url}/?token=${s.control.token}`],
      [t('up.detach.logs'), `npx harness logs -f${p}`],
      [t('up.detach.stop'), `npx harness down${p}`],
    ]);
    for (const r of rows) print(`  ${r}`);
    return 0;
  }
  print(r.output);
  print(t('up.detach.failed', { code: r.code, log: r.log }));
  return r.code || 1;
}

/**
 * The prefix of `harness up --detach` when its command line is plain enough to be read without
 * yargs (one --prefix at most, no --help, --version or --lang, whose answers are the CLI's), or
 * undefined: the CLI then runs the command.
 */
function plainPrefix(argv: string[]): string | undefined {
  const [command, ...rest] = argv;
  if (command !== 'up' || !rest.some((a) => DETACH_FLAG.test(a))) return undefined;
  if (rest.some((a) => /^(?:--help|-h|--version|--lang(?:=.*)?)$/.test(a))) return undefined;
  const given = rest.flatMap((a, i) => (a === '--prefix' ? [rest[i + 1]] : a.startsWith('--prefix=') ? [a.slice('--prefix='.length)] : []));
  if (given.length > 1 || given.some((g) => !g || g.startsWith('-'))) return undefined;
  return given[0] ?? flag.DEFAULT_PREFIX;
}

/** bin/harness.js, before the CLI loads: runs `argv` if it is a plain `up --detach`, and says whether it did. */
export async function upDetachedAtOnce(argv: string[]): Promise<boolean> {
  const prefix = plainPrefix(argv);
  if (prefix === undefined) return false;
  // As the CLI does (cli.ts): a reader that goes away (`| head -1`) ends the output, not the command.
  quietWhenReaderCloses(process.stdout);
  quietWhenReaderCloses(process.stderr);
  await guard(() => upDetachedCommand(prefix, argv.slice(1)));
  return true;
}
