// A user's own conf keeps its `user`. Started as root, nginx then runs its workers as that user
// (nobody when the conf names none): when that user may not enter a folder on the way to a `root`,
// every file there is a 403, though the harness could read it. The stack does not start on such a
// conf: it says which user, which folder stops it, and the two ways out.
import { realpathSync } from 'node:fs';
import type { NginxConf } from '../nginx-conf/model.js';
import { firstClosedFolder, workerUser } from '../embedded/files/worker-user.js';
import type { OsName } from '../os-profile.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.workers.closed': "started as root, nginx runs its workers as {user} ({userLine}), and {user} may not enter {folder} (mode {mode}, owner uid {uid}): every file under root {root} ({where}) would be a 403.\n  What to do: {change} (the workers then run as root, as the harness's own conf has them), or let {user} through that folder: chmod {who}+x {folder}.",
    'stack.workers.userLine': 'its `user {value};` line',
    'stack.workers.defaultUser': "nginx's default, as the conf has no `user` line",
    'stack.workers.server': 'the server block',
    'stack.workers.changeLine': 'change that line of {conf} to `user root;`',
    'stack.workers.addLine': 'add `user root;` at the top of {conf}',
  },
  'zh-CN': {
    'stack.workers.closed': '以 root 启动时，nginx 用 {user} 运行 worker（{userLine}），而 {user} 不能进入 {folder}（权限 {mode}，属主 uid {uid}）：root {root}（{where}）下的每个文件都会是 403。\n  怎么办：{change}（这样 worker 以 root 运行，和 harness 自己的配置一样），或者让 {user} 能进入那个目录：chmod {who}+x {folder}。',
    'stack.workers.userLine': '配置里的 `user {value};` 这一行',
    'stack.workers.defaultUser': 'nginx 的默认值，因为配置里没有 `user` 这一行',
    'stack.workers.server': 'server 块',
    'stack.workers.changeLine': '把 {conf} 里的那一行改成 `user root;`',
    'stack.workers.addLine': '在 {conf} 的最上面加上 `user root;`',
  },
});

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
