// `harness doctor <error-log>`: an nginx error.log explained (doctor/).
import type { Argv } from 'yargs';
import { guard } from './guard.js';
import type { Args } from './command.js';
import { UsageError } from '../errors.js';
import { examineLogs } from '../doctor/index.js';
import { t } from '../i18n/index.js';

export const builder = (y: Argv) =>
  y
    .usage(`$0 doctor <error-log>\n\n${t('cli.doctor.describe')}`)
    .positional('error-log', { type: 'string', describe: t('cli.doctor.errorLog') })
    .option('access', { type: 'string', requiresArg: true, describe: t('cli.doctor.access') })
    .option('json', { type: 'boolean', default: false, describe: t('cli.doctor.json') })
    .option('follow', { type: 'boolean', default: false, describe: t('cli.doctor.follow') })
    .option('conf', { type: 'string', array: true, nargs: 1, requiresArg: true, describe: t('cli.doctor.conf') });

export const handler = (a: Args<typeof builder>) =>
  guard(async () => {
    if (a['error-log'] === undefined) throw new UsageError(t('cli.doctor.noLog'));
    // Only --follow runs until stopped: it reports what is pending on Ctrl-C. Anything else
    // keeps the default handlers, so that Ctrl-C and `timeout` stop it at once.
    const ac = new AbortController();
    if (a.follow) {
      process.once('SIGINT', () => ac.abort());
      process.once('SIGTERM', () => ac.abort());
    }
    // yargs reads a lone "-" (standard input) as an empty value.
    const errorLog = a['error-log'] === '' ? '-' : a['error-log'];
    return examineLogs({ errorLog, access: a.access, json: a.json, follow: a.follow, conf: a.conf }, process.stdout, process.stderr, ac.signal);
  });
