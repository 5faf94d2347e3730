// Options more than one command takes: defined once, so that each command's help says the same.
// Functions, not constants: a description is in the language --lang chose, read after these load.
import { OS_NAMES, hostOs } from '../os-profile.js';
import * as flag from '../flags.js';
import { UsageError } from '../errors.js';
import { messages } from '../i18n/index.js';
import { t as flagText } from '../flags.texts.js';

const t = messages({
  en: {
    'cli.os': 'OS profile of the emulated nginx: wording, timing (a refused connect takes ~2 s on windows), line ends',
    'cli.excludedPort': "With --os windows: a port in Windows' excluded port ranges (netsh int ipv4 show excludedportrange): binding it fails with 10013; repeatable",
    'cli.json': 'Print one JSON object instead of text',
  },
  'zh-CN': {
    'cli.os': '模拟的 nginx 按哪个系统表现：措辞、耗时（windows 上一次被拒绝的连接要约 2 秒）、换行符',
    'cli.excludedPort': '配合 --os windows：Windows 保留端口范围里的一个端口（netsh int ipv4 show excludedportrange），绑定它会失败，错误码 10013；可以给多次',
    'cli.json': '输出一个 JSON 对象，而不是文字',
  },
});

export const osOption = () => ({ choices: OS_NAMES, default: hostOs(), describe: t('cli.os') }) as const;

export const refusedDelay = (describe: string) => ({ requiresArg: true, coerce: flag.milliseconds('--refused-delay'), describe }) as const;

export const excludedPortOption = () => ({ array: true, requiresArg: true, describe: t('cli.excludedPort') }) as const;

/** --excluded-port emulates a Windows condition: only under that profile. */
export function excludedPorts(a: { os: string; 'excluded-port'?: unknown[] }): number[] | undefined {
  const ports = a['excluded-port']?.map(flag.port('--excluded-port'));
  if (!ports?.length) return undefined;
  if (a.os !== 'windows') throw new UsageError(flagText('cli.excludedPort.notWindows'));
  return ports;
}

export const jsonOption = () => ({ type: 'boolean', default: false, describe: t('cli.json') }) as const;

/** --prefix of a command that acts on the running stack. */
export const stackPrefixOption = (describe: string) => ({ type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe }) as const;
