// The files the harness writes into a prefix (state.json and its lock, the control file, the conf
// and nginx's assets it copies there): each is written to a new file of its own, created exclusive
// and never through a symlink, then renamed into place. A symlink or a file someone else left at
// the name is replaced, never written through, and a reader never sees half a file.
import { closeSync, constants, fchmodSync, linkSync, openSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** Windows has no O_NOFOLLOW; O_EXCL alone refuses any name that exists, a symlink included. */
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

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
