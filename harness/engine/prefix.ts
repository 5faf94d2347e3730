// An nginx prefix directory, laid out as the Windows zip is: conf/ (nginx.conf, mime.types),
// html/50x.html, logs/, temp/. Both engines run on it with `-p <prefix> -c conf/nginx.conf`.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxAssets as assets } from '../paths.js';

export interface PrefixOptions {
  prefix: string;
  /** The conf text to write as conf/nginx.conf, or a user's file to copy there. */
  conf: { text: string } | { file: string };
  /** Create temp/ (the zip has it; a Git checkout of a nginx folder has not). */
  tempDir?: boolean;
}

export function preparePrefix(o: PrefixOptions): string {
  for (const d of ['conf', 'html', 'logs']) mkdirSync(join(o.prefix, d), { recursive: true });
  if (o.tempDir !== false) mkdirSync(join(o.prefix, 'temp'), { recursive: true });
  // Real nginx's workers run as nobody when the master is root: they must be able to read the prefix.
  chmodSync(o.prefix, 0o755);
  copyFileSync(join(assets, 'mime.types'), join(o.prefix, 'conf', 'mime.types'));
  copyFileSync(join(assets, '50x.html'), join(o.prefix, 'html', '50x.html'));
  const confFile = join(o.prefix, 'conf', 'nginx.conf');
  if ('text' in o.conf) writeFileSync(confFile, o.conf.text);
  else copyFileSync(o.conf.file, confFile);
  return confFile;
}
