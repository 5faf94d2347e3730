// nginx's worker user, emulated: a master started as root runs its workers as `user` (nobody by
// default), and what that user may not open is a 403 for nginx, though this process could read it.
// The stack checks a user's conf with the same rules before it starts (engine/worker-access.ts).
import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import type { NginxConf } from '../../nginx-conf/model.js';
import type { OsName } from '../../os-profile.js';
import { userIds } from '../../platform.js';
import { statOrError } from './file-cache.js';

/**
 * The user nginx's workers run as. A master started as root runs them as `user` (default
 * nobody), so a file only root may read is a 403 for nginx though this process could read it:
 * the embedded engine refuses what that user could not open. Undefined when there is nothing to
 * emulate (not root, `user root`, master_process off, or the Windows profile, whose nginx keeps the
 * master's user), or when the user cannot be looked up here (platform.ts).
 */
export interface WorkerUser {
  name: string;
  uid: number;
  gid: number;
}

/** nginx's compiled-in user (NGX_USER) when the conf names none. */
export const DEFAULT_WORKER_USER = 'nobody';

let workerUserOf: { conf: object; user: WorkerUser | undefined } | undefined;

export function workerUser(conf: Pick<NginxConf, 'user' | 'masterProcess'>, os: OsName): WorkerUser | undefined {
  if (workerUserOf?.conf === conf) return workerUserOf.user;
  let user: WorkerUser | undefined;
  const name = conf.user?.name ?? DEFAULT_WORKER_USER;
  // master_process off: the one process never becomes the worker user (ngx_worker_process_init() is not run).
  if (process.getuid?.() === 0 && name !== 'root' && os !== 'windows' && conf.masterProcess) {
    const ids = userIds(name, conf.user?.group);
    if (ids) user = { name, ...ids };
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
    known = { ok: !firstClosedFolder(u, dir), at: now };
    if (reachable.size > 1000) reachable.clear();
    reachable.set(dir, known);
  }
  return !known.ok;
}

/** The first folder from `/` down to `dir` (itself included) that `u` may not enter, with its stat. */
export function firstClosedFolder(u: WorkerUser, dir: string): { folder: string; st: Stats } | undefined {
  const chain: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    chain.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const folder of chain) {
    const st = statOrError(folder);
    // A folder missing on the way: nginx's 404s say so.
    if (st instanceof Error) return undefined;
    if (st.isDirectory() && !permits(st, u, X_OK)) return { folder, st };
  }
  return undefined;
}
