// Reading the logs a user names: a missing file, a folder or an unreadable file is a clear error
// (what happened, what to do), exit code 2 from the command.
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export class DoctorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DoctorInputError';
  }
}

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

/** The bytes of a log file, or a DoctorInputError that says what to do. */
export async function readLogFile(path: string, what = 'error log'): Promise<Buffer> {
  let s;
  try {
    s = await stat(path);
  } catch (e) {
    throw inputError(path, what, e);
  }
  if (s.isDirectory()) throw isFolder(path, what);
  try {
    return await readFile(path);
  } catch (e) {
    throw inputError(path, what, e);
  }
}
