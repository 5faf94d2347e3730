// Reading the logs a user names, as a stream (a log of any size, never held whole): a missing
// file, a folder, a named pipe or other non-file, or an unreadable file is a clear error (what
// happened, what to do), exit code 2 from the command. `-` reads standard input (a pasted log).
import { open, stat, type FileHandle } from 'node:fs/promises';
import { existsSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';

/** A log the doctor cannot read, or that is not what it reads: exit code 2. */
export class DoctorInputError extends UsageError {}

/** The name that reads standard input. */
export const STDIN = '-';

/** How much is read at a time. */
const CHUNK = 1 << 20;

function where(what: string): string {
  return what === 'access log'
    ? 'logs\\access.log in the nginx folder on Windows, /var/log/nginx/access.log on Linux'
    : 'logs\\error.log in the nginx folder on Windows (e.g. D:\\nginx-1.20.2\\logs\\error.log), /var/log/nginx/error.log on Linux';
}

export function inputError(path: string, what: string, e: unknown): DoctorInputError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new DoctorInputError(`cannot read the ${what} ${path}: there is no such file. Name nginx's ${what}: ${where(what)}.`);
  if (code === 'EISDIR') return isFolder(path, what);
  if (code === 'EACCES' || code === 'EPERM') return new DoctorInputError(`cannot read the ${what} ${path}: permission denied. Run the doctor as a user who may read it, or copy the file somewhere readable.`);
  return new DoctorInputError(`cannot read the ${what} ${path} (${code ?? String(e)}). Check the path and try again.`);
}

function isFolder(path: string, what: string): DoctorInputError {
  const name = what === 'access log' ? 'access.log' : 'error.log';
  const inside = [join(path, 'logs', name), join(path, name)].find((p) => existsSync(p));
  return new DoctorInputError(`the ${what} ${path} is a folder, not a log file. Name the log file itself${inside ? `, e.g. ${inside}` : `: ${where(what)}`}.`);
}

function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a named pipe';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * A log file, opened: a folder, a named pipe (which would wait for a writer forever), a device or
 * a socket is refused before anything is opened.
 */
export async function openLogFile(path: string, what = 'error log'): Promise<FileHandle> {
  let s: Stats;
  try {
    s = await stat(path);
  } catch (e) {
    throw inputError(path, what, e);
  }
  if (s.isDirectory()) throw isFolder(path, what);
  if (!s.isFile()) {
    throw new DoctorInputError(
      `the ${what} ${path} is ${kindOf(s)}, not a log file. Name the file nginx writes (${where(what)}), or pipe a log in with "-": cat error.log | npx harness doctor -`,
    );
  }
  try {
    return await open(path, 'r');
  } catch (e) {
    throw inputError(path, what, e);
  }
}

/** The bytes of a log piece by piece: a file, or standard input for `-`. */
export async function* readLog(path: string, what = 'error log'): AsyncGenerator<Buffer> {
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
