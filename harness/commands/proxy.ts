// `harness proxy`: the embedded engine alone, with nginx's command line (embedded/master/command.ts
// reads it as nginx does: -v -V -t -T -q -s -p -c -e -g -h). bin/harness.js goes there without
// yargs; this entry is for `harness --help` and for a CLI started another way (dist/.../cli.js).
import type { Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { proxyCommand } from '../embedded/master/command.js';

// nginx's flags are not yargs': none is checked or read here.
export const builder = (y: Argv) => y.strict(false).help(false).version(false);

export async function handler(): Promise<void> {
  const argv = hideBin(process.argv);
  process.exitCode = await proxyCommand(argv.slice(argv.indexOf('proxy') + 1));
}
