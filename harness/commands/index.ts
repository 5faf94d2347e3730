// The CLI's commands, in the order `harness --help` lists them: each one's name (with its
// positionals), its line of help, and its file in this folder, which loads only when the command
// is named: what one command needs is none of the others' start (chaos run's scenarios and
// Playwright ~390 ms, setup's execa ~38 ms, inject's faults ~29 ms, up's stack ~25 ms: measured on the bundle).
import { lazyFile, type CommandEntry } from './command.js';
import { t } from '../i18n/index.js';

export const commands = (): CommandEntry[] => [
  ['up', t('cli.up.describe'), lazyFile(() => import('./up.js'))],
  ['proxy', t('cli.proxy.describe'), lazyFile(() => import('./proxy.js'))],
  ['chaos', t('cli.chaos.describe'), lazyFile(() => import('./chaos.js'))],
  ['app', t('cli.app.describe'), lazyFile(() => import('./app.js'))],
  ['ps', t('cli.ps'), lazyFile(() => import('./ps.js'))],
  ['logs [names..]', t('cli.logs'), lazyFile(() => import('./logs.js'))],
  ['down', t('cli.down'), lazyFile(() => import('./down.js'))],
  // Optional to yargs, so that a missing log is told with an example rather than yargs' count of
  // non-option arguments; the usage line still says it is needed (doctor.ts).
  ['doctor [error-log]', t('cli.doctor.describe'), lazyFile(() => import('./doctor.js'))],
  ['check-server <server>', t('cli.checkServer.describe'), lazyFile(() => import('./check-server.js'))],
  ['setup', t('cli.setup'), lazyFile(() => import('./setup.js'))],
];
