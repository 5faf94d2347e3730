// A user's own nginx.conf in the stack's prefix. nginx reads a relative `include` against the
// conf's own folder (ngx_conf_full_name() with the conf prefix: the folder of -c), so the files the
// user's conf includes that way (conf.d/*.conf, fastcgi_params) are copied beside its copy, at the
// same relative paths: both engines then read what the user's nginx would. What the engines say of
// a copy is said of the user's file (toUser).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { replaceFile } from '../private-file.js';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { expandInclude, parseConfFile, type IncludeReader } from '../nginx-conf/parse.js';
import { osProfile, type OsName } from '../os-profile.js';

/** The copies of the last start, one relative path a line: gone before this start copies its own. */
const MANIFEST = '.harness-includes';

/** Copies into `confDir` (the prefix's conf/) each file `userConf` includes by a relative path. */
export function copyIncludes(userConf: string, confDir: string): void {
  const userDir = dirname(userConf);
  const manifest = join(confDir, MANIFEST);
  // A file the user has since removed must not be included from an old copy.
  if (existsSync(manifest)) for (const rel of readFileSync(manifest, 'utf8').split('\n').filter(Boolean)) rmSync(join(confDir, rel), { force: true });
  const copied: string[] = [];
  // nginx's include (parse.ts readInclude), each file read copied first, nested includes too.
  const include: IncludeReader = (pattern, confPrefix, from) => {
    try {
      return expandInclude(pattern, confPrefix, from.file, from.line).flatMap((f) => {
        const rel = relative(userDir, f);
        // Only what lies in the conf's folder: a copy of ../x would land outside conf/ (the engine then names what it misses).
        if (!isAbsolute(pattern) && existsSync(f) && !rel.startsWith('..') && !isAbsolute(rel)) {
          const copy = join(confDir, rel);
          mkdirSync(dirname(copy), { recursive: true });
          replaceFile(copy, readFileSync(f), 0o644);
          copied.push(rel);
        }
        return parseConfFile(f, confPrefix, from, include);
      });
    } catch {
      // the engine reports what it cannot read, at the user's line
      return [];
    }
  };
  try {
    parseConfFile(userConf, userDir, undefined, include);
  } catch {
    // a conf that does not parse: the engine reports it
  }
  replaceFile(manifest, copied.map((r) => r + '\n').join(''), 0o644);
}

/**
 * What the engines say of the prefix's copies, said of the user's files: `confFile` (the copy of
 * `userConf`), then any other path under the prefix's conf/ as the same path beside `userConf`.
 * Each is also matched as the OS profile shows it (Windows: C:\…\prefix/conf/nginx.conf).
 */
export function userPaths(prefix: string, confFile: string, userConf: string, os: OsName): (text: string) => string {
  const shown = (p: string) => osProfile(os).displayPath(prefix, p);
  const confDir = dirname(confFile) + sep;
  const userDir = dirname(userConf) + sep;
  const pairs: [string, string][] = [
    [shown(confFile), userConf],
    [confFile, userConf],
    [shown(confDir.slice(0, -1)) + '/', userDir],
    [confDir, userDir],
  ];
  return (text) => pairs.reduce((t, [copy, user]) => t.split(copy).join(user), text);
}
