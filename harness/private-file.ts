// The files the harness writes into a prefix (state.json and its lock, the control file, the conf
// and nginx's assets it copies there): each is written to a new file of its own, created exclusive
// and never through a symlink, then renamed into place. A symlink or a file someone else left at
// the name is replaced, never written through, and a reader never sees half a file. A log the
// harness appends to (harness.log) is opened where it stands, never through a link.
import { closeSync, constants, fchmodSync, fstatSync, linkSync, lstatSync, openSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** Windows has no O_NOFOLLOW; O_EXCL alone refuses any name that exists, a symlink included. */
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

/** A file the harness would write through: a symbolic link, a hard link to another name, or no plain file of this user's. */
export class LinkedFile extends Error {
  constructor(readonly path: string) {
    super(`${path} is a link, or not a plain file of this user's: it is not written through`);
  }
}

/**
 * Opens `path` to append to it (mode 0600 when new), never through a link: a symbolic link fails
 * the open (O_NOFOLLOW; Windows, which has none, is checked before), and a file with another name
 * (a hard link) or another owner is refused. Throws LinkedFile.
 */
export function openAppend(path: string): number {
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw new LinkedFile(path);
  let fd: number;
  try {
    fd = openSync(path, APPEND, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new LinkedFile(path);
    throw e;
  }
  const st = fstatSync(fd);
  const uid = process.getuid?.();
  if (!st.isFile() || st.nlink !== 1 || (uid !== undefined && st.uid !== uid)) {
    closeSync(fd);
    throw new LinkedFile(path);
  }
  return fd;
}

/** A name beside `path` no one else uses. */
function tempName(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Writes a new file at `path` with exactly `mode`; EEXIST if anything is there, a symlink included. */
function writeNew(path: string, data: string | Uint8Array, mode: number): void {
  const fd = openSync(path, NEW_FILE, mode);
  let written = false;
  try {
    fchmodSync(fd, mode);
    writeFileSync(fd, data);
    written = true;
  } finally {
    closeSync(fd);
    if (!written) unlinkQuietly(path);
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}

/** Writes `data` to `path`, replacing whatever is there (a symlink itself, not what it points at). Mode 0600 unless told. */
export function replaceFile(path: string, data: string | Uint8Array, mode = 0o600): void {
  const temp = tempName(path);
  writeNew(temp, data, mode);
  try {
    renameSync(temp, path);
  } catch (e) {
    unlinkQuietly(temp);
    throw e;
  }
}

/**
 * Writes `data` to `path` whole, only if nothing is there: EEXIST otherwise. A reader sees the
 * whole file or none (link() puts the finished file in place), so it can be a lock.
 */
export function createFile(path: string, data: string, mode = 0o600): void {
  const temp = tempName(path);
  writeNew(temp, data, mode);
  try {
    linkSync(temp, path);
  } finally {
    unlinkQuietly(temp);
  }
}
