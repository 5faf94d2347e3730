// A user's own nginx.conf in the stack's prefix. nginx reads a relative `include` against the
// conf's own folder (ngx_conf_full_name() with the conf prefix: the folder of -c), so the files the
// user's conf includes that way (conf.d/*.conf, fastcgi_params) are copied beside its copy, at the
// same relative paths: both engines then read what the user's nginx would. What the engines say of
// a copy (or of an include the user's folder lacks) is said of the user's file (userPaths).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { makeFolder } from '../make-folder.js';
import { replaceFile } from '../private-file.js';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { expandInclude, parseConfFile, type IncludeReader } from '../nginx-conf/parse.js';
import { osProfile, type OsName } from '../os-profile.js';

/** The copies of the last start, one relative path a line: gone before this start copies its own. */
const MANIFEST = '.harness-includes';

/** A path in the prefix's conf/, and the user's file it stands for. */
export type Copy = [copy: string, user: string];

/**
 * Copies into `confDir` (the prefix's conf/) each file `userConf` includes by a relative path. The
 * copies, and the includes the user's folder lacks, where the engines will look for them.
 */
export function copyIncludes(userConf: string, confDir: string): Copy[] {
  const userDir = dirname(userConf);
  const manifest = join(confDir, MANIFEST);
  // A file the user has since removed must not be included from an old copy.
  if (existsSync(manifest)) for (const rel of readFileSync(manifest, 'utf8').split('\n').filter(Boolean)) rmSync(join(confDir, rel), { force: true });
  const copied: string[] = [];
  const copies: Copy[] = [];
  // nginx's include (parse.ts readInclude), each file read copied first, nested includes too.
  const include: IncludeReader = (pattern, confPrefix, from) => {
    try {
      return expandInclude(pattern, confPrefix, from.file, from.line).flatMap((f) => {
        const rel = relative(userDir, f);
        // Only what lies in the conf's folder: a copy of ../x would land outside conf/ (the engine then names what it misses).
        if (!isAbsolute(pattern) && !rel.startsWith('..') && !isAbsolute(rel)) {
          const copy = join(confDir, rel);
          copies.push([copy, f]);
          // A missing file's folder too, when the user has it: Windows tells a missing folder (3) from a missing file (2).
          if (existsSync(dirname(f))) makeFolder(dirname(copy));
          if (existsSync(f)) {
            replaceFile(copy, readFileSync(f), 0o644);
            copied.push(rel);
          }
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
  return copies;
}

/**
 * What the engines say of the prefix's copies, said of the user's files: `confFile` (the copy of
 * `userConf`) and each of `copies`. The OS profile shows a path its way (Windows: the prefix as
 * C:\…\prefix, then /conf/nginx.conf), and the user's file the same way, its folder as the prefix.
 */
export function userPaths(prefix: string, confFile: string, userConf: string, copies: Copy[], os: OsName): (text: string) => string {
  const profile = osProfile(os);
  const userDir = dirname(userConf);
  const pairs = [[confFile, userConf] as Copy, ...copies].flatMap(([copy, user]): Copy[] => [
    [profile.displayPath(prefix, copy), profile.displayPath(userDir, user)],
    [copy, user],
  ]);
  return (text) => pairs.reduce((t, [copy, user]) => t.split(copy).join(user), text);
}
