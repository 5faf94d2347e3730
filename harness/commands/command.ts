// What a command's file is, and how the CLI registers it. A command's name and its line of help
// are known up front (for `harness --help`); its file (its options, its handler and what it does)
// loads only when the command is named, so that no command loads another's modules.
import type { ArgumentsCamelCase, Argv } from 'yargs';

/** A command's file: its options and positionals (builder), and what it does with them (handler). */
export interface CommandFile {
  // Any command's: each file's own types are its builder's (Args below).
  builder(y: Argv): Argv<any> | Promise<Argv<any>>;
  /** None for a group of commands (`chaos`, `app`): one of its commands runs. */
  handler?(a: any): void | Promise<void>;
  /** A group's commands whose files load only when named, as the CLI's. */
  commands?: readonly CommandEntry[];
}

/** The arguments a command's handler gets from its builder. */
export type Args<B extends (y: Argv) => unknown> = ArgumentsCamelCase<Awaited<ReturnType<B>> extends Argv<infer U> ? U : never>;

/** A command's file, loaded once; `file` once it is. */
export interface LazyFile {
  load(): Promise<CommandFile>;
  file?: CommandFile;
}

export function lazyFile(load: () => Promise<CommandFile>): LazyFile {
  let loading: Promise<CommandFile> | undefined;
  const lazy: LazyFile = {
    load: () => (loading ??= load().then((file) => (lazy.file = file))),
  };
  return lazy;
}

/** A command as its group lists it: its name (with its positionals), its line of help, its file. */
export type CommandEntry = [command: string, describe: string, file: LazyFile];

/**
 * Loads the files of the commands named on the command line, and of their commands in turn
 * (`chaos inject`), before yargs parses it: their builders then run as yargs expects, at once,
 * and a flag's bad value is bad usage (yargs' fail()). A name that is only a flag's value loads
 * a file for nothing, and no harm.
 */
export async function loadNamed(entries: readonly CommandEntry[], args: readonly string[]): Promise<void> {
  const named = entries.filter(([command]) => args.includes(command.split(' ')[0]));
  await Promise.all(named.map(async ([, , lazy]) => loadNamed((await lazy.load()).commands ?? [], args)));
}

/** Registers commands whose files load when one is named (loadNamed), or else when yargs reaches it. */
export function lazyCommands<T>(cli: Argv<T>, entries: readonly CommandEntry[]): Argv<T> {
  return entries.reduce(
    (y, [command, describe, lazy]) =>
      y.command(
        command,
        describe,
        (yy) => (lazy.file ? lazy.file.builder(yy) : lazy.load().then((f) => f.builder(yy))),
        async (a) => (await lazy.load()).handler?.(a),
      ),
    cli,
  );
}
