// Options more than one command takes: defined once, so that each command's help says the same.
// Functions, not constants: a description is in the language --lang chose, read after these load.
import { OS_NAMES, hostOs } from '../os-profile.js';
import * as flag from '../flags.js';
import { UsageError } from '../errors.js';
import { t } from '../i18n/index.js';

export const osOption = () => ({ choices: OS_NAMES, default: hostOs(), describe: t('cli.os') }) as const;

export const refusedDelay = (describe: string) => ({ requiresArg: true, coerce: flag.milliseconds('--refused-delay'), describe }) as const;

export const excludedPortOption = () => ({ array: true, requiresArg: true, describe: t('cli.excludedPort') }) as const;

/** --excluded-port emulates a Windows condition: only under that profile. */
export function excludedPorts(a: { os: string; 'excluded-port'?: unknown[] }): number[] | undefined {
  const ports = a['excluded-port']?.map(flag.port('--excluded-port'));
  if (!ports?.length) return undefined;
  if (a.os !== 'windows') throw new UsageError(t('cli.excludedPort.notWindows'));
  return ports;
}

export const jsonOption = () => ({ type: 'boolean', default: false, describe: t('cli.json') }) as const;

/** --prefix of a command that acts on the running stack. */
export const stackPrefixOption = (describe: string) => ({ type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe }) as const;
