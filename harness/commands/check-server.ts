// `harness check-server HOST:PORT`: a user's own admin server set against the course's (check-server/).
import type { Argv } from 'yargs';
import * as flag from '../flags.js';
import { jsonOption } from './options.js';
import { guard } from './guard.js';
import type { Args } from './command.js';
import { t } from '../i18n/index.js';

export const builder = (y: Argv) =>
  y
    .positional('server', { demandOption: true, coerce: flag.hostAndPort('HOST:PORT'), describe: t('cli.checkServer.server') })
    .option('yes', { type: 'boolean', default: false, describe: t('cli.checkServer.yes') })
    .option('json', jsonOption());

export const handler = (a: Args<typeof builder>) =>
  guard(async () => {
    // Lazy: loaded only by this command (undici and the comparison).
    const { checkServerCommand } = await import('../check-server/command.js');
    return checkServerCommand({ target: a.server as { host: string; port: number }, yes: a.yes, json: a.json }, process.stdout);
  });
