// An nginx prefix directory, laid out as the Windows zip is: conf/ (nginx.conf, mime.types),
// html/50x.html, logs/, temp/. Both engines run on it with `-p <prefix> -c conf/nginx.conf`. The
// harness writes only in folders of its own: a symlink in place of one is refused, and so is a
// folder of another user's or one every user may write to (anyone could plant a link there); each
// file it writes replaces what stands at its name (private-file.ts), never writing through it.
import { chmodSync, existsSync, lstatSync, readFileSync, readlinkSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { nginxAssets as assets } from '../paths.js';
import { makeFolder } from '../make-folder.js';
import { replaceFile } from '../private-file.js';
import { UserError } from '../errors.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.prefixLink': '{path} is a symbolic link (to {target}): the harness writes only in folders it made. Remove the link, or choose another --prefix.',
    'stack.prefixForeign': '{path} belongs to another user (uid {uid}; you are uid {me}): they could put links in it that make the harness write where they choose. Choose a folder of your own with --prefix.',
    'stack.prefixWritable': '{path} may be written by every user (mode {mode}): anyone could put links in it that make the harness write where they choose. Make it yours alone (chmod o-w {path}), or choose another --prefix.',
  },
  'zh-CN': {
    'stack.prefixLink': '{path} 是一个符号链接（指向 {target}）：harness 只在它自己创建的目录里写文件。请删除这个链接，或者换一个 --prefix。',
    'stack.prefixForeign': '{path} 属于另一个用户（uid {uid}；你是 uid {me}）：他可以在里面放链接，让 harness 写到他指定的地方。请用 --prefix 换一个你自己的目录。',
    'stack.prefixWritable': '{path} 所有用户都可以写（权限 {mode}）：任何人都可以在里面放链接，让 harness 写到他指定的地方。请只让你自己可写（chmod o-w {path}），或者换一个 --prefix。',
  },
});

export interface PrefixOptions {
  prefix: string;
  /** The conf text to write as conf/nginx.conf, or a user's file to copy there. */
  conf: { text: string } | { file: string };
  /** Create temp/ (the zip has it; a Git checkout of a nginx folder has not). */
  tempDir?: boolean;
  /**
   * Move an earlier run's logs/error.log and access.log aside (to *.old): a new stack's doctor and
   * control page then read its own lines only, not an [emerg] of a conf that is gone.
   */
  freshLogs?: boolean;
}

/**
 * Makes the folder `path` (and its parents), and refuses it, with the reason and the fix, when it
 * is a symlink (made by someone else: the harness makes none), another user's, or writable by every user.
 */
export function ownFolder(path: string): void {
  try {
    makeFolder(path);
  } catch (e) {
    // A link to nothing, or to a file.
    if (!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw e;
  }
  const st = lstatSync(path);
  if (st.isSymbolicLink()) throw new UserError(t('stack.prefixLink', { path, target: readlinkSync(path) }));
  // Windows gives no owner, and its modes say nothing of other users.
  const me = process.getuid?.();
  if (me === undefined || process.platform === 'win32') return;
  if (st.uid !== me) throw new UserError(t('stack.prefixForeign', { path, uid: st.uid, me }));
  if (st.mode & 0o002) throw new UserError(t('stack.prefixWritable', { path, mode: (st.mode & 0o7777).toString(8) }));
}

export function preparePrefix(o: PrefixOptions): string {
  ownFolder(o.prefix);
  // uploads/: the admin stand-in's files (a stack's prefix is its folder).
  for (const d of ['conf', 'html', 'logs', 'uploads']) ownFolder(join(o.prefix, d));
  if (o.tempDir !== false) ownFolder(join(o.prefix, 'temp'));
  if (o.freshLogs) {
    for (const log of ['error.log', 'access.log']) {
      const path = join(o.prefix, 'logs', log);
      if (existsSync(path)) renameSync(path, `${path}.old`);
    }
  }
  // Real nginx's workers run as nobody when the master is root: they must be able to read the prefix.
  chmodSync(o.prefix, 0o755);
  replaceFile(join(o.prefix, 'conf', 'mime.types'), readFileSync(join(assets, 'mime.types')), 0o644);
  replaceFile(join(o.prefix, 'html', '50x.html'), readFileSync(join(assets, '50x.html')), 0o644);
  const confFile = join(o.prefix, 'conf', 'nginx.conf');
  replaceFile(confFile, 'text' in o.conf ? o.conf.text : readFileSync(o.conf.file), 0o644);
  return confFile;
}
