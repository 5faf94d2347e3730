// Options more than one command takes: defined once, so that each command's help says the same.
import { OS_NAMES, hostOs } from '../os-profile.js';
import * as flag from '../flags.js';
import { UsageError } from '../errors.js';

export const osOption = {
  choices: OS_NAMES,
  default: hostOs(),
  describe: 'OS profile of the emulated nginx: wording, timing (a refused connect takes ~2 s on windows), line ends',
} as const;

export const refusedDelay = (describe: string) => ({ requiresArg: true, coerce: flag.milliseconds('--refused-delay'), describe }) as const;

export const excludedPortOption = {
  array: true,
  requiresArg: true,
  describe: 'With --os windows: a port in Windows\' excluded port ranges (netsh int ipv4 show excludedportrange): binding it fails with 10013; repeatable',
} as const;

/** --excluded-port emulates a Windows condition: only under that profile. */
export function excludedPorts(a: { os: string; 'excluded-port'?: unknown[] }): number[] | undefined {
  const ports = a['excluded-port']?.map(flag.port('--excluded-port'));
  if (!ports?.length) return undefined;
  if (a.os !== 'windows') throw new UsageError('--excluded-port emulates Windows\' excluded port ranges (bind() error 10013): use it with --os windows');
  return ports;
}

export const jsonOption = { type: 'boolean', default: false, describe: 'Print one JSON object instead of text' } as const;

/** --prefix of a command that acts on the running stack. */
export const stackPrefixOption = (describe: string) => ({ type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe }) as const;
