// ngx_http_map_uri_to_path(): the file a URI names, under the location's root or in its alias,
// for the static and index handlers and try_files alike.
import type { Stats } from 'node:fs';
import type { HttpRequest } from '../request.js';
import { abs } from '../../nginx-conf/directives.js';
import { evaluate } from '../variable-values.js';
import { statOrError } from './file-cache.js';
import { caselessPath } from './caseless.js';

export interface MappedPath {
  /** The root, or the alias's path (its variables evaluated). */
  root: string;
  /** The file: the root and the URI; for an alias, the path in place of the location's name. */
  path: string;
}

/**
 * `root` + URI; `alias`: the URI with the location's name replaced by the path; a regex location's
 * alias is the whole path, unless try_files found a file for it (r->add_uri_to_alias: path + URI).
 */
export function mapUriToPath(req: HttpRequest, uri = req.uri.uri): MappedPath {
  const loc = req.loc;
  const root = loc.root.includes('$') ? abs(req.ctx.conf.prefix, evaluate(req, loc.root)) : loc.root;
  if (loc.alias === Infinity) return { root, path: req.addUriToAlias ? root + uri : root };
  return { root, path: root + uri.slice(loc.alias) };
}

/** stat() of a path under `root`, and the file to open: under the Windows profile a name in any case. */
export function statUnder(req: HttpRequest, root: string, path: string): { real: string; st: Stats | NodeJS.ErrnoException } {
  const st = statOrError(path);
  if (!(st instanceof Error) || req.ctx.os.name !== 'windows' || (st.code !== 'ENOENT' && st.code !== 'ENOTDIR')) return { real: path, st };
  const real = caselessPath(root, path);
  return real === undefined ? { real: path, st } : { real, st: statOrError(real) };
}
