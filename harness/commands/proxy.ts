// `harness proxy`: the embedded engine alone, with nginx's command line (embedded/master/command.ts
// reads it as nginx does: -v -V -t -T -q -s -p -c -e -g -h). bin/harness.js goes there without
// yargs; this entry is for `harness --help` and for a CLI started another way (dist/.../cli.js).
import type { Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { t } from '../i18n/index.js';

export function proxyCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'proxy',
    t('cli.proxy.describe'),
    // nginx's flags are not yargs': none is checked or read here.
    (y) => y.strict(false).help(false).version(false),
    async () => {
      // Lazy: ~27 ms of every other command's start (measured on the bundle).
      const { proxyCommand: run } = await import('../embedded/master/command.js');
      const argv = hideBin(process.argv);
      process.exitCode = await run(argv.slice(argv.indexOf('proxy') + 1));
    },
  );
}
