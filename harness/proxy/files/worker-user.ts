// nginx's worker user, emulated: a master started as root runs its workers as `user` (nobody by
// default), and what that user may not open is a 403 for nginx, though this process could read it.
import { readFileSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import type { NginxConf } from '../conf/model.js';
import type { OsName } from '../../os-profile.js';
import { statOrError } from './file-cache.js';

/**
 * The user nginx's workers run as. A master started as root runs them as `user` (default
 * nobody), so a file only root may read is a 403 for nginx though this process could read it:
 * the embedded engine refuses what that user could not open. Undefined when there is nothing to
 * emulate (not root, `user root`, or the Windows profile, whose nginx keeps the master's user).
 */
export interface WorkerUser {
  uid: number;
  gid: number;
}

let workerUserOf: { conf: object; user: WorkerUser | undefined } | undefined;

function idOf(file: string, name: string, field: number): number | undefined {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.split(':')[0] === name);
    return line === undefined ? undefined : Number(line.split(':')[field]);
  } catch {
    return undefined;
  }
}

export function workerUser(conf: NginxConf, os: OsName): WorkerUser | undefined {
  if (workerUserOf?.conf === conf) return workerUserOf.user;
  let user: WorkerUser | undefined;
  const name = conf.user?.name ?? 'nobody';
  if (process.getuid?.() === 0 && name !== 'root' && os !== 'windows') {
    const uid = idOf('/etc/passwd', name, 2);
    const group = conf.user?.group;
    const gid = group !== undefined ? idOf('/etc/group', group, 2) : idOf('/etc/passwd', name, 3);
    if (uid !== undefined && gid !== undefined) user = { uid, gid };
  }
  workerUserOf = { conf, user };
  return user;
}

export const R_OK = 4;
const X_OK = 1;

export function permits(st: Stats, u: WorkerUser, bit: number): boolean {
  const shift = st.uid === u.uid ? 6 : st.gid === u.gid ? 3 : 0;
  return ((st.mode >> shift) & bit) !== 0;
}

/** Directories whose files the worker user may reach, re-checked after a second (nginx caches nothing by default). */
const reachable = new Map<string, { ok: boolean; at: number }>();

/** True when the worker user could not reach `path`: a directory on the way lacks its search bit. */
export function searchDenied(u: WorkerUser, path: string): boolean {
  const dir = dirname(path);
  const now = Date.now();
  let known = reachable.get(dir);
  if (!known || now - known.at > 1000) {
    known = { ok: searchable(u, dir), at: now };
    if (reachable.size > 1000) reachable.clear();
    reachable.set(dir, known);
  }
  return !known.ok;
}

/** `dir` and every directory above it have the worker user's search bit. */
function searchable(u: WorkerUser, dir: string): boolean {
  for (; ; dir = dirname(dir)) {
    const st = statOrError(dir);
    if (!(st instanceof Error || !st.isDirectory() || permits(st, u, X_OK))) return false;
    if (dirname(dir) === dir) return true;
  }
}
