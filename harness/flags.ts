// The values the CLI's flags take, checked where they come in: a bad one is a usage error (exit 2)
// that names the flag, what it got and what it takes, never Node's own error from deep inside (a
// RangeError from listen(), an EEXIST from mkdir()) nor an nginx [emerg] about a generated file.
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { makeFolder } from './make-folder.js';
import { UsageError } from './errors.js';
import { type TextKey } from './i18n/index.js';
import { t } from './flags.texts.js';

/** yargs passes a value on as a number when it reads as one, as text otherwise, as an array when repeated. */
function shown(flag: string, v: unknown): string {
  if (Array.isArray(v)) throw new UsageError(t('flags.givenTwice', { flag, times: v.length, values: v.join(', ') }));
  return `${flag} ${typeof v === 'string' && !v.trim() ? JSON.stringify(v) : String(v)}`;
}

function wholeNumber(flag: string, v: unknown, min: number, max: number, what: TextKey<typeof t>): number {
  const text = shown(flag, v);
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(t('flags.wholeNumber', { given: text, what: t(what), min, max }));
  return n;
}

export const port = (flag: string) => (v: unknown) => wholeNumber(flag, v, 1, 65535, 'flags.what.port');

/** More embedded workers than this only exhausts memory: each is a Node process (~50 MB). */
export const MAX_WORKERS = 64;

export const workers = (flag: string) => (v: unknown) => wholeNumber(flag, v, 1, MAX_WORKERS, 'flags.what.workers');

/** The seed of a generated history: any whole number a 32-bit generator can start from. */
export const seed = (flag: string) => (v: unknown) => wholeNumber(flag, v, 0, 2 ** 32 - 1, 'flags.what.seed');

/** --admin-wait: a Spring Boot server with a database and Redis starts in 5–60 s; the course's took 175 s on a busy 2-core machine. */
export const DEFAULT_ADMIN_WAIT_S = 300;

/** How long to wait for a start, in whole seconds (an hour at most). */
export const seconds = (flag: string) => (v: unknown) => wholeNumber(flag, v, 1, 3600, 'flags.what.seconds');

/** An order id (a Long, as the course's tables have them). */
export const orderId = (flag: string) => (v: unknown) => wholeNumber(flag, v, 1, Number.MAX_SAFE_INTEGER, 'flags.what.orderId');

/** Where the user's own admin server listens: `HOST:PORT` (`[::1]:8081` for IPv6), or a port alone (on 127.0.0.1). */
export const hostAndPort = (flag: string) => (v: unknown) => {
  const text = shown(flag, v);
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:\[\]]+)):(\d+)$/.exec(String(v)) ?? /^()()(\d+)$/.exec(String(v));
  if (!m) throw new UsageError(t('flags.hostAndPort', { given: text }));
  const port = Number(m[3]);
  if (port < 1 || port > 65535) throw new UsageError(t('flags.upstreamPort', { given: text }));
  return { host: m[1] || m[2] || '127.0.0.1', port };
};

/** A host the harness's loopback listen on `port` would take from the user's server: loopback, localhost or a wildcard. */
const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|::1|localhost|0\.0\.0\.0|::)$/i;

/** --admin-upstream must not be where the harness listens for nginx (--admin-port). */
export function checkAdminUpstream(adminPort: number, upstream: { host: string; port: number } | undefined): void {
  if (!upstream || upstream.port !== adminPort || !LOOPBACK_HOSTS.test(upstream.host)) return;
  throw new UsageError(t('flags.upstreamIsAdminPort', { upstream: `${upstream.host}:${upstream.port}`, adminPort }));
}

export const milliseconds = (flag: string) => (v: unknown) => {
  const text = shown(flag, v);
  const n = typeof v === 'number' ? v : NaN;
  if (!Number.isFinite(n) || n < 0) throw new UsageError(t('flags.milliseconds', { given: text }));
  return n;
};

/** A folder that exists: its absolute path. */
export const existingFolder = (flag: string, what: string) => (v: unknown) => {
  const text = shown(flag, v);
  const path = resolve(String(v));
  if (!existsSync(path)) throw new UsageError(t('flags.noFolder', { given: text, what }));
  if (!statSync(path).isDirectory()) throw new UsageError(t('flags.aFile', { given: text, what }));
  return path;
};

/** A front end to serve: a folder with index.html at its top, as nginx's `root` wants it. */
export const frontendFolder = (flag: string) => (v: unknown) => {
  const what = t('flags.frontendWhat');
  const path = existingFolder(flag, what)(v);
  if (existsSync(join(path, 'index.html'))) return path;
  const inside = ['dist', 'sky', 'html/sky'].map((d) => join(path, d)).find((d) => existsSync(join(d, 'index.html')));
  throw new UsageError(t('flags.noIndex', { given: shown(flag, v), path, didYouMean: inside ? t('flags.didYouMean', { path: inside }) : '', what }));
};

/** A file that exists: its absolute path. A folder given instead is refused by `inFolder`, which names the file in it. */
function existingFile(flag: string, v: unknown, what: string, inFolder: (path: string, given: string) => UsageError): string {
  const text = shown(flag, v);
  const path = resolve(String(v));
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(t('flags.noFile', { given: text, what }));
  if (stat.isDirectory()) throw inFolder(path, text);
  return path;
}

/** The nginx program to run (--nginx): a file that exists, its absolute path. */
export const nginxProgram = (flag: string) => (v: unknown) => {
  const what = t('flags.nginxProgramWhat');
  return existingFile(flag, v, what, (path, given) => {
    const exe = existsSync(join(path, 'nginx.exe')) ? t('flags.nginxExe', { path: join(path, 'nginx.exe') }) : '';
    return new UsageError(t('flags.nginxIsFolder', { given, what, exe }));
  });
};

/** The user's own nginx.conf (--nginx-conf): a file that exists, its absolute path. */
export const nginxConfFile = (flag: string) => (v: unknown) => {
  const what = t('flags.nginxConfWhat');
  return existingFile(flag, v, what, (path, given) => {
    const inside = ['nginx.conf', join('conf', 'nginx.conf')].map((f) => join(path, f)).find((f) => existsSync(f));
    return new UsageError(t('flags.confIsFolder', { given, what, didYouMean: inside ? t('flags.didYouMean', { path: inside }) : '' }));
  });
};

/** The user's nginx folder (--nginx-dir), as nginx's -p takes it: conf/nginx.conf inside it. */
export const nginxFolder = (flag: string) => (v: unknown) => {
  const what = t('flags.nginxFolderWhat');
  const path = existingFolder(flag, what)(v);
  if (existsSync(join(path, 'conf', 'nginx.conf'))) return path;
  // The zip unpacked into a folder of its own name: D:\nginx-1.20.2\nginx-1.20.2.
  const inside = readdirSync(path).find((d) => existsSync(join(path, d, 'conf', 'nginx.conf')));
  throw new UsageError(t('flags.noNginxConf', { given: shown(flag, v), path, didYouMean: inside ? t('flags.didYouMean', { path: join(path, inside) }) : '', what }));
};

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return !rel.startsWith('..') && !isAbsolute(rel);
}

/** Makes `path` (and its parents) a folder this user can write in, or says why it cannot be. */
export function writableFolder(flag: string, path: string): string {
  const abs = resolve(path);
  const fail = (why: string) => new UsageError(t('flags.notWritable', { given: `${flag} ${path}${abs === path ? '' : ` (${abs})`}`, why }));
  try {
    makeFolder(abs);
    accessSync(abs, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw fail(t('flags.notWritable.file'));
    if (code === 'EACCES' || code === 'EPERM') throw fail(t('flags.notWritable.denied', { code }));
    if (code === 'EROFS') throw fail(t('flags.notWritable.readOnly'));
    // mkdir(2) said ENOENT below a folder that exists: /proc, some FUSE and network file systems.
    if (code === 'ENOENT') throw fail(t('flags.notWritable.noFolders'));
    throw fail(t('flags.notWritable.other', { code: code ?? (e as Error).message }));
  }
  return abs;
}

/** The folder of a stack when --prefix is not given. */
export const DEFAULT_PREFIX = '.harness';

/**
 * ` --prefix DIR` as the user typed it, for a hint's command line (nothing for the default), so
 * that the command a hint gives acts on the same stack; quoted where a shell would split it.
 */
export function prefixFlag(prefix: string): string {
  if (prefix === DEFAULT_PREFIX) return '';
  return ` --prefix ${/^[\w./:\\-]+$/.test(prefix) ? prefix : `"${prefix.replace(/(["\\$`])/g, '\\$1')}"`}`;
}
