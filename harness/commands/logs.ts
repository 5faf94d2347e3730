// `harness logs [-f] [error|access|harness|admin]` (docker compose's): the logs of the stack of a prefix,
// each line tagged with its log's name; -f follows them until Ctrl-C. `error` and `access` are the
// proxy's (nginx's files); `harness` is a detached stack's own output (every component's lines:
// the admin stand-in's requests among them); `admin` is the output of the server --admin-command
// started.
import { closeSync, existsSync, openSync, readSync, statSync, watch } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { readState } from '../stack/state.js';
import { stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';
import { UsageError } from '../errors.js';
import { watchStopRequests } from '../stop-request.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';

const t = messages({
  en: {
    'cli.logs.follow': 'Keep printing new lines until Ctrl-C',
    'logs.unknown': 'no log "{name}": the logs are {names}.',
    'logs.none': 'no logs in {prefix} yet: start a stack there with `npx harness up`.',
  },
  'zh-CN': {
    'cli.logs.follow': '持续输出新的日志行，直到按 Ctrl-C',
    'logs.unknown': '没有名为 "{name}" 的日志：日志有 {names}。',
    'logs.none': '{prefix} 里还没有日志：先用 `npx harness up` 在那里启动一套环境。',
  },
});

export const LOG_NAMES = ['error', 'access', 'harness', 'admin'] as const;
export type LogName = (typeof LOG_NAMES)[number];

/** The files of a prefix's logs: those its running stack names, else nginx's defaults there. */
function logFiles(prefix: string): Record<LogName, string> {
  const s = readState(prefix)?.logs;
  return {
    error: s?.error ?? join(prefix, 'logs', 'error.log'),
    access: s?.access ?? join(prefix, 'logs', 'access.log'),
    harness: s?.harness ?? join(prefix, 'logs', 'harness.log'),
    admin: join(prefix, 'logs', 'admin.log'),
  };
}

/** A log read from `offset` on: its complete lines, and where the next read starts. */
function readFrom(file: string, offset: number): { lines: string[]; next: number } {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return { lines: [], next: 0 };
  }
  // Rotated or emptied (a new file in its place): from its start.
  if (size < offset) offset = 0;
  if (size === offset) return { lines: [], next: offset };
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(size - offset);
    readSync(fd, buf, 0, buf.length, offset);
    const end = buf.lastIndexOf(0x0a) + 1;
    return { lines: buf.subarray(0, end).toString('utf8').split('\n').slice(0, -1).map((l) => l.replace(/\r$/, '')), next: offset + end };
  } finally {
    closeSync(fd);
  }
}

export async function logs(o: { prefix: string; names: string[]; follow?: boolean }, out: (s: string) => void): Promise<number> {
  const unknown = o.names.filter((n) => !(LOG_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new UsageError(t('logs.unknown', { name: unknown[0], names: LOG_NAMES.join(', ') }));
  const prefix = resolve(o.prefix);
  const files = logFiles(prefix);
  const names = (o.names.length ? o.names : LOG_NAMES.filter((n) => existsSync(files[n]))) as LogName[];
  if (!names.length) {
    out(t('logs.none', { prefix }));
    return 0;
  }
  const width = Math.max(...names.map((n) => n.length));
  const offsets = new Map<LogName, number>(names.map((n) => [n, 0]));
  const show = () => {
    for (const n of names) {
      const { lines, next } = readFrom(files[n], offsets.get(n)!);
      offsets.set(n, next);
      // harness.log's lines carry their component's tag already (harness |, admin |, proxy |).
      for (const l of lines) out(names.length > 1 && n !== 'harness' ? `${n.padEnd(width)} | ${l}` : l);
    }
  };
  show();
  if (!o.follow) return 0;
  // Following: each change to a log's folder reads what was added (a log made later is found too).
  const stop = watchStopRequests();
  const folders = [...new Set(names.map((n) => resolve(files[n], '..')))].filter((d) => existsSync(d));
  const watchers = folders.map((d) => watch(d, () => show()));
  await stop.asked;
  for (const w of watchers) w.close();
  stop.close();
  show();
  return 0;
}

export const builder = (y: Argv) =>
  y
    .positional('names', { type: 'string', array: true, describe: 'error, access, harness, admin' })
    .option('follow', { alias: 'f', type: 'boolean', default: false, describe: t('cli.logs.follow') })
    .option('prefix', stackPrefixOption(commandText('cli.prefix.stack')));

export const handler = (a: Args<typeof builder>) => guard(() => logs({ prefix: a.prefix, names: (a.names ?? []).map(String), follow: a.follow }, print));
