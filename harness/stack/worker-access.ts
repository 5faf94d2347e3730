// A user's own conf keeps its `user`. Started as root, nginx then runs its workers as that user
// (nobody when the conf names none): when that user may not enter a folder on the way to a `root`,
// every file there is a 403, though the harness could read it. The stack does not start on such a
// conf: it says which user, which folder stops it, and the two ways out.
import { realpathSync } from 'node:fs';
import type { NginxConf } from '../nginx-conf/model.js';
import { firstClosedFolder, workerUser } from '../embedded/files/worker-user.js';
import type { OsName } from '../os-profile.js';

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
    const where = l.path ? `location ${l.modifier ? l.modifier + ' ' : ''}${l.path}, ${confFile}:${l.line}` : 'the server block';
    const userLine = conf.user ? `its \`user ${conf.user.name}${conf.user.group ? ' ' + conf.user.group : ''};\` line` : 'nginx\'s default, as the conf has no `user` line';
    return (
      `started as root, nginx runs its workers as ${u.name} (${userLine}), and ${u.name} may not enter ${folder} (mode ${(st.mode & 0o7777).toString(8).padStart(4, '0')}, owner uid ${st.uid}): ` +
      `every file under root ${l.root} (${where}) would be a 403.\n` +
      `  What to do: ${conf.user ? `change that line of ${confFile} to \`user root;\`` : `add \`user root;\` at the top of ${confFile}`} (the workers then run as root, as the harness's own conf has them), ` +
      `or let ${u.name} through that folder: chmod ${who}+x ${folder}.`
    );
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
