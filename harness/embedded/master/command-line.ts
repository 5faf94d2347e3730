// `harness proxy`'s command line: nginx's own flags read as ngx_get_options() reads them (`-tq`,
// `-p/dir` and `-p /dir` alike, the same error texts), plus the harness's long options.
// Kept free of yargs: the engine starts as fast as Node can.

export const SIGNALS = ['stop', 'quit', 'reopen', 'reload'] as const;
export type SignalName = (typeof SIGNALS)[number];

export interface CommandLine {
  /** -? -h: the version and the usage. */
  help: boolean;
  /** -v (and -V, -h): the version line. */
  version: boolean;
  /** -V: the build and its configure arguments. */
  configure: boolean;
  /** -t -T */
  test: boolean;
  /** -T: the conf files on stdout. */
  dump: boolean;
  /** -q: no "syntax is ok" / "test is successful". */
  quiet: boolean;
  prefix?: string;
  conf?: string;
  /** -e: the error log before (and without) the conf's, or `stderr`. */
  errorLog?: string;
  /** -g: directives of the main context. */
  globals?: string;
  signal?: SignalName;
  /** The harness's own: --lang, --os, --nginx-version, --refused-delay, --control-file, --bind-any, --excluded-port. */
  lang?: string;
  os?: string;
  nginxVersion?: string;
  refusedDelay?: string;
  controlFile?: string;
  bindAny: boolean;
  excludedPorts: string[];
}

/** nginx's line for a bad command line (`nginx: invalid option: "x"`), without the `nginx: `. */
export class CommandLineError extends Error {}

const LONG_VALUE = { '--lang': 'lang', '--os': 'os', '--nginx-version': 'nginxVersion', '--refused-delay': 'refusedDelay', '--control-file': 'controlFile' } as const;

/** What `-X value` needs, as nginx says it is missing. */
const VALUE_OF = { p: 'directory name', c: 'file name', e: 'file name', g: 'parameter', s: 'parameter' } as const;

export function parseCommandLine(argv: readonly string[]): CommandLine {
  const o: CommandLine = { help: false, version: false, configure: false, test: false, dump: false, quiet: false, bindAny: false, excludedPorts: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
      if (name === '--bind-any' && inline === undefined) {
        o.bindAny = true;
        continue;
      }
      // The rest of the CLI's way to ask for help.
      if (name === '--help' && inline === undefined) {
        o.help = o.version = true;
        continue;
      }
      if (!(name in LONG_VALUE) && name !== '--excluded-port') throw new CommandLineError(`invalid option: "${arg}"`);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new CommandLineError(`option "${name}" requires parameter`);
      if (name === '--excluded-port') o.excludedPorts.push(value);
      else o[LONG_VALUE[name as keyof typeof LONG_VALUE]] = value;
      continue;
    }
    if (!arg.startsWith('-')) throw new CommandLineError(`invalid option: "${arg}"`);
    for (let j = 1; j < arg.length; j++) {
      const c = arg[j];
      if (c === '?' || c === 'h') o.help = o.version = true;
      else if (c === 'v') o.version = true;
      else if (c === 'V') o.version = o.configure = true;
      else if (c === 't') o.test = true;
      else if (c === 'T') o.test = o.dump = true;
      else if (c === 'q') o.quiet = true;
      else if (c in VALUE_OF) {
        // The rest of the argument, or the next one.
        const value = j + 1 < arg.length ? arg.slice(j + 1) : argv[++i];
        if (value === undefined) throw new CommandLineError(`option "-${c}" requires ${VALUE_OF[c as keyof typeof VALUE_OF]}`);
        if (c === 'p') o.prefix = value;
        else if (c === 'c') o.conf = value;
        else if (c === 'e') o.errorLog = value;
        else if (c === 'g') o.globals = value;
        else if (SIGNALS.includes(value as SignalName)) o.signal = value as SignalName;
        else throw new CommandLineError(`invalid option: "-s ${value}"`);
        break;
      } else throw new CommandLineError(`invalid option: "${c}"`);
    }
  }
  return o;
}
