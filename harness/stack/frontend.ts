// The front end a stack serves, and where: the user's built folder (--frontend), or the stub. Two
// things stand between a built front end and the proxy, and neither is fixed in the user's files:
// - a user's own conf serves `/` from its own root (the course's: `root html/sky`, inside the
//   prefix), where the harness puts the front end (a link to it, or a copy);
// - the course's bundle dials `ws://localhost/ws/`, port 80 written into its JavaScript: on another
//   port the copy served has that port written in, as nginx's sub_filter would rewrite it.
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { replaceFile } from '../private-file.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { defaultFrontendRoot } from '../paths.js';
import { parseConfFile, readInclude, type Directive } from '../nginx-conf/parse.js';
import { UserError } from '../errors.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.frontend.copyNote': 'your front end dials {socket} (port 80, written into {files}); the stack serves a copy from {target} with ws://localhost:{port}/ws/, so that order reminders (来单提醒) arrive on port {port}. Your files are unchanged.',
    'stack.frontend.ways': "point that root at your front end's folder and leave out --frontend, or make it a folder of its own under html/ (root html/sky), where the harness puts the front end",
    'stack.frontend.notOwnFolder': "your conf serves / from {root} ({where}): that is not a folder of its own under the prefix's html/ ({html}), so --frontend has nowhere to go without writing into your files or the harness's.\n  What to do: {ways}.",
    'stack.frontend.notOurs': 'your conf serves / from {root} ({where}), and a folder the harness did not make stands there.\n  What to do: remove or rename it (the harness never deletes what it did not make), or leave out --frontend to serve it as it is.',
  },
  'zh-CN': {
    'stack.frontend.copyNote': '你的前端连接 {socket}（端口 80，写在 {files} 里）；这套环境从 {target} 提供一份副本，里面改成了 ws://localhost:{port}/ws/，这样来单提醒能从端口 {port} 收到。你的文件没有改动。',
    'stack.frontend.ways': '把那个 root 指向你的前端目录并去掉 --frontend，或者把它设成 html/ 下一个单独的目录（root html/sky），harness 会把前端放在那里',
    'stack.frontend.notOwnFolder': '你的配置从 {root} 提供 /（{where}）：它不是 prefix 的 html/（{html}）下一个单独的目录，所以 --frontend 没有地方可放，除非写进你的文件或 harness 的文件。\n  怎么办：{ways}。',
    'stack.frontend.notOurs': '你的配置从 {root} 提供 /（{where}），那里有一个不是 harness 创建的目录。\n  怎么办：删除或重命名它（harness 从不删除不是它创建的东西），或者去掉 --frontend，按原样提供它。',
  },
});

/** What the course's built JavaScript dials for the order reminders (its VUE_APP_SOCKET_URL). */
export const COURSE_SOCKET = 'ws://localhost/ws/';

/** A copy the harness made (it may replace it); a folder without it is someone's own. */
const COPY_MARK = '.harness-copy';

/** The files of a built front end that may name the socket: its scripts and pages. */
const TEXT = /\.(?:js|mjs|html?)$/;

/** Each file of `dir` (relative paths) that dials COURSE_SOCKET. */
export function dialsPort80(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && TEXT.test(e.name) && readFileSync(p, 'latin1').includes(COURSE_SOCKET)) found.push(relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

/**
 * Whether `path` is the harness's to replace: nothing, a copy it made, or a link (only one to
 * `linkTo` when given: a link of the user's to their own front end stays when none is given).
 */
function replaceable(path: string, linkTo?: string): boolean {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st) return true;
  if (st.isSymbolicLink()) return linkTo === undefined || resolve(dirname(path), readlinkSync(path)) === resolve(linkTo);
  return existsSync(join(path, COPY_MARK));
}

function remove(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) unlinkSync(path);
  else if (st) rmSync(path, { recursive: true, force: true });
}

/** A copy of `source` at `target` with `port` written into each file that dials COURSE_SOCKET. */
function rewrittenCopy(source: string, target: string, files: string[], port: number): void {
  remove(target);
  cpSync(source, target, { recursive: true });
  const socket = COURSE_SOCKET.replace('localhost/', `localhost:${port}/`);
  // Each rewritten file replaces its copy, never written through it (a link cpSync copied as a link).
  for (const f of files) replaceFile(join(target, f), Buffer.from(readFileSync(join(source, f), 'latin1').split(COURSE_SOCKET).join(socket), 'latin1'), 0o644);
  replaceFile(join(target, COPY_MARK), `made by harness up from ${source}, with ${socket} for ${COURSE_SOCKET}; replaced at each start\n`, 0o644);
}

export interface Served {
  /** The folder the proxy serves `/` from. */
  root: string;
  /** The line that says a copy is served instead of the user's files, and why. */
  note?: string;
}

/**
 * `source` served at `target` for a proxy on `port`: a copy with the port written in when its
 * JavaScript dials port 80 and `port` is another; else `source` itself, through a link at
 * `target` when that is another path. The user's files are never written.
 */
export function placeFrontend(source: string, target: string, port: number, files = port === 80 ? [] : dialsPort80(source)): Served {
  if (files.length) {
    rewrittenCopy(source, target, files, port);
    return {
      root: target,
      note: t('stack.frontend.copyNote', { socket: COURSE_SOCKET, files: files.join(', '), target, port }),
    };
  }
  if (resolve(target) !== resolve(source)) {
    remove(target);
    // A junction on Windows: a link to a folder that needs no privilege.
    symlinkSync(resolve(source), target, 'junction');
  }
  return { root: target };
}

/** How a conf serves `/` (read as syntax: the engine reports the conf's errors itself). */
export type Slash = { root: string; at: Directive; place: string } | { proxyPass: string; at: Directive } | undefined;

/**
 * What the first http server of `confFile` serves `/` from: `location /`'s root or alias, else the
 * server's or http's root, else nginx's default (`html`), resolved against `prefix`; or what
 * `location /` proxies to. The first server is the default one of its listens, which answers
 * http://localhost:PORT/.
 */
export function slashOf(confFile: string, prefix: string): Slash {
  let tree: Directive[];
  try {
    // An include that cannot be read leaves a gap; the engine names it when it starts.
    tree = parseConfFile(confFile, undefined, undefined, (pattern, confPrefix, from) => {
      try {
        return readInclude(pattern, confPrefix, from);
      } catch {
        return [];
      }
    });
  } catch {
    return undefined;
  }
  const http = tree.find((d) => d.name === 'http' && d.block);
  const server = http?.block!.find((d) => d.name === 'server' && d.block);
  if (!http || !server) return undefined;
  const here = (b: Directive[], name: string) => b.find((d) => d.name === name);
  const slash = server.block!.find((d) => d.name === 'location' && d.block && ['/', '^~ /'].includes(d.args.join(' ')));
  const proxy = slash && here(slash.block!, 'proxy_pass');
  if (proxy) return { proxyPass: proxy.args[0], at: proxy };
  const set = (slash && (here(slash.block!, 'alias') ?? here(slash.block!, 'root'))) ?? here(server.block!, 'root') ?? here(http.block!, 'root');
  const path = set?.args[0] ?? 'html';
  return { root: resolve(prefix, path), at: set ?? slash ?? server, place: set ? `${set.name} ${path}` : 'nginx\'s default root html' };
}

/**
 * Where the front end goes for a user's conf that serves `/` from `slash`: its root, when that is a
 * folder of its own inside the prefix's html/ and nothing of the user's stands there (without
 * --frontend: nothing of anyone's but the stub's link). `where`: the root's directive and the
 * user's file and line, for the messages; `given`: whether the user gave --frontend.
 */
export function frontendTarget(slash: Extract<Slash, { root: string }>, prefix: string, where: string, given: boolean): string | undefined {
  const html = join(prefix, 'html') + sep;
  if (!slash.root.startsWith(html)) {
    if (!given) return undefined;
    throw new UserError(t('stack.frontend.notOwnFolder', { root: slash.root, where, html, ways: t('stack.frontend.ways') }));
  }
  if (!replaceable(slash.root, given ? undefined : defaultFrontendRoot)) {
    if (!given) return undefined;
    throw new UserError(t('stack.frontend.notOurs', { root: slash.root, where }));
  }
  return slash.root;
}
