// Reading the logs a user names, as a stream (a log of any size, never held whole): a missing
// file, a folder, a named pipe or other non-file, or an unreadable file is a clear error (what
// happened, what to do), exit code 2 from the command. `-` reads standard input (a pasted log).
import { open, stat, type FileHandle } from 'node:fs/promises';
import { existsSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { t } from './input.texts.js';

/** A log the doctor cannot read, or that is not what it reads: exit code 2. */
export class DoctorInputError extends UsageError {}

/** The name that reads standard input. */
export const STDIN = '-';

/** How much is read at a time. */
const CHUNK = 1 << 20;

/** Which log a user named: the two the doctor reads. */
export type LogKind = 'error log' | 'access log';

/** The log's name in the user's language, and where nginx writes it. */
function named(what: LogKind): { what: string; where: string } {
  return what === 'access log'
    ? { what: t('doctor.input.accessLog'), where: t('doctor.input.whereAccess') }
    : { what: t('doctor.input.errorLog'), where: t('doctor.input.whereError') };
}

export function inputError(path: string, what: LogKind, e: unknown): DoctorInputError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new DoctorInputError(t('doctor.input.noFile', { path, ...named(what) }));
  if (code === 'EISDIR') return isFolder(path, what);
  if (code === 'EACCES' || code === 'EPERM') return new DoctorInputError(t('doctor.input.denied', { path, ...named(what) }));
  return new DoctorInputError(t('doctor.input.other', { path, ...named(what), code: code ?? String(e) }));
}

function isFolder(path: string, what: LogKind): DoctorInputError {
  const name = what === 'access log' ? 'access.log' : 'error.log';
  const inside = [join(path, 'logs', name), join(path, name)].find((p) => existsSync(p));
  const n = named(what);
  const hint = inside ? t('doctor.input.folderInside', { inside }) : t('doctor.input.folderWhere', { where: n.where });
  return new DoctorInputError(t('doctor.input.folder', { path, what: n.what, hint }));
}

function kindOf(s: Stats): string {
  if (s.isFIFO()) return t('doctor.input.pipe');
  if (s.isSocket()) return t('doctor.input.socket');
  if (s.isCharacterDevice() || s.isBlockDevice()) return t('doctor.input.device');
  return t('doctor.input.notFile');
}

/**
 * A log file, opened: a folder, a named pipe (which would wait for a writer forever), a device or
 * a socket is refused before anything is opened.
 */
export async function openLogFile(path: string, what: LogKind = 'error log'): Promise<FileHandle> {
  let s: Stats;
  try {
    s = await stat(path);
  } catch (e) {
    throw inputError(path, what, e);
  }
  if (s.isDirectory()) throw isFolder(path, what);
  if (!s.isFile()) {
    throw new DoctorInputError(t('doctor.input.notLog', { path, kind: kindOf(s), ...named(what) }));
  }
  try {
    return await open(path, 'r');
  } catch (e) {
    throw inputError(path, what, e);
  }
}

/** The bytes of a log piece by piece: a file, or standard input for `-`. */
export async function* readLog(path: string, what: LogKind = 'error log'): AsyncGenerator<Buffer> {
  if (path === STDIN) {
    for await (const chunk of process.stdin) yield chunk as Buffer;
    return;
  }
  const fh = await openLogFile(path, what);
  try {
    const buf = Buffer.alloc(CHUNK);
    for (;;) {
      let n: number;
      try {
        ({ bytesRead: n } = await fh.read(buf, 0, CHUNK, null));
      } catch (e) {
        throw inputError(path, what, e);
      }
      if (n === 0) return;
      yield buf.subarray(0, n);
    }
  } finally {
    await fh.close();
  }
}
