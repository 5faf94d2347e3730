// `harness setup`: what npm cannot install (commands/setup.ts).
import type { Argv } from 'yargs';
import { guard } from './guard.js';
import { t } from '../i18n/index.js';

export function setupCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'setup',
    t('cli.setup'),
    (y) => y,
    () =>
      guard(async () => {
        // Lazy: ~38 ms (execa) of every other command's start (measured on the bundle).
        const { setup } = await import('../commands/setup.js');
        return setup((s) => process.stdout.write(s + '\n'));
      }),
  );
}
