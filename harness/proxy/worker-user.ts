// The user nginx's workers run as, and what that user may reach. A master started as root runs its
// workers as the conf's `user` (nobody by default); any other master keeps its own user and ignores
// the directive. So, as root, a folder nobody may enter is a 403 for nginx though the master could
// read it: the embedded engine refuses what that user could not open (static.ts), and the stack
// refuses to start on a conf whose roots that user cannot reach (the stack's own conf says
// `user root;` when root, so its workers read wherever the harness was cloned).
import { statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import type { NginxConf } from './conf/model.js';
import type { OsName } from '../os-profile.js';
import { userIds } from '../platform.js';

export interface WorkerUser {
  name: string;
  uid: number;
  gid: number;
}

/** nginx's compiled-in user (NGX_USER) when the conf names none. */
export const DEFAULT_WORKER_USER = 'nobody';

/**
 * The user the workers of a master started by this process switch to; undefined when they keep
 * its user (not root, `user root`, or the Windows profile, whose nginx has no `user`) or when the
 * user cannot be looked up here.
 */
export function workerUser(conf: Pick<NginxConf, 'user'>, os: OsName): WorkerUser | undefined {
  const name = conf.user?.name ?? DEFAULT_WORKER_USER;
  if (process.getuid?.() !== 0 || name === 'root' || os === 'windows') return undefined;
  const ids = userIds(name, conf.user?.group);
  return ids && { name, ...ids };
}

export const R_OK = 4;
export const X_OK = 1;

/** Whether the mode bits that apply to `u` (owner, group or other) grant `bit`. */
export function permits(st: Stats, u: WorkerUser, bit: number): boolean {
  const shift = st.uid === u.uid ? 6 : st.gid === u.gid ? 3 : 0;
  return ((st.mode >> shift) & bit) !== 0;
}

/** The first folder from `/` down to `dir` (itself included) that `u` may not enter, with its stat. */
export function firstClosedFolder(u: WorkerUser, dir: string): { folder: string; st: Stats } | undefined {
  const chain: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    chain.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const folder of chain) {
    let st: Stats;
    try {
      st = statSync(folder);
    } catch {
      return undefined; // missing: nginx's 404s say so
    }
    if (st.isDirectory() && !permits(st, u, X_OK)) return { folder, st };
  }
  return undefined;
}
