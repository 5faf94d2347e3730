// A user's own conf keeps its `user`. Started as root, nginx then runs its workers as that user
// (nobody when the conf names none): when that user may not enter a folder on the way to a `root`,
// every file there is a 403, though the harness could read it. The stack does not start on such a
// conf: it says which user, which folder stops it, and the two ways out.
import { realpathSync } from 'node:fs';
import type { NginxConf } from '../nginx-conf/model.js';
import { firstClosedFolder, workerUser } from '../embedded/files/worker-user.js';
import type { OsName } from '../os-profile.js';
import { t } from '../i18n/index.js';

/**
 * Why the workers of `conf` could not serve one of its roots, or undefined. `confFile` is the
 * user's file as they named it (the conf given to the engine is a copy in the prefix).
 */
export function unreachableRoot(conf: NginxConf, os: OsName, confFile: string): string | undefined {
  const u = workerUser(conf, os);
  if (!u) return undefined;
  // Only locations that serve files read their root (a proxied one never does).
  const serving = conf.servers.flatMap((s) => (s.locations.length ? s.locations : [s.base])).filter((l) => !l.proxyPass);
  for (const l of serving) {
    // A link on the way (the front end the harness links into the prefix): its target's folders too, as nginx follows it.
    const closed = firstClosedFolder(u, l.root) ?? firstClosedFolder(u, realRoot(l.root));
    if (!closed) continue;
    const { folder, st } = closed;
    const who = st.uid === u.uid ? 'u' : st.gid === u.gid ? 'g' : 'o';
    const where = l.path ? `location ${l.modifier ? l.modifier + ' ' : ''}${l.path}, ${confFile}:${l.line}` : t('stack.workers.server');
    const userLine = conf.user ? t('stack.workers.userLine', { value: `${conf.user.name}${conf.user.group ? ' ' + conf.user.group : ''}` }) : t('stack.workers.defaultUser');
    return t('stack.workers.closed', {
      user: u.name,
      userLine,
      folder,
      mode: (st.mode & 0o7777).toString(8).padStart(4, '0'),
      uid: st.uid,
      root: l.root,
      where,
      change: t(conf.user ? 'stack.workers.changeLine' : 'stack.workers.addLine', { conf: confFile }),
      who,
    });
  }
  return undefined;
}

function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}
