// ngx_http_gzip_static_handler(): before the static handler, a `file.gz` beside the file asked
// for is served in its place, as it is, with `Content-Encoding: gzip`.
import type { Stats } from 'node:fs';
import type { HttpRequest } from '../../request.js';
import { statOrError } from '../../files/file-cache.js';
import { mapUriToPath } from '../../files/map-path.js';
import { sendFile } from '../../files/send-file.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { gzipOk, markVary } from './filter.js';
import { GZIP } from './conf.js';

/** The content handler: false when it declines, and the static handler serves the file itself. */
export function gzipStaticHandler(req: HttpRequest): boolean {
  if (moduleConf(req.loc, GZIP).gzipStatic === 'off' || (req.method !== 'GET' && req.method !== 'HEAD') || req.uri.uri.endsWith('/')) return false;
  const { root, path } = mapUriToPath(req);
  const gz = gzipStatic(req, path);
  if (gz) sendFile(req, root, gz.path, gz.st, path);
  return gz !== undefined;
}

/**
 * The .gz to send for `path` (a file's path under the root), or undefined: the static handler
 * serves the file itself. With gzip_vary on, the .gz is looked for even for a client that does
 * not take gzip, and its being there gives the answer `Vary: Accept-Encoding`.
 */
function gzipStatic(req: HttpRequest, path: string): { path: string; st: Stats } | undefined {
  const loc = moduleConf(req.loc, GZIP);
  const mode = loc.gzipStatic;
  const ok = mode === 'always' || gzipOk(req);
  if (!loc.gzipVary && !ok) return undefined;
  const gz = path + '.gz';
  const st = statOrError(gz);
  if (st instanceof Error) {
    // ENOENT, ENOTDIR, ENAMETOOLONG: quietly the file itself; anything else is logged first.
    if (st.code === 'EACCES') req.logError('error', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(gz)}" failed`, { errno: 'EACCES' });
    return undefined;
  }
  markVary(req);
  if (!ok || st.isDirectory()) return undefined;
  return { path: gz, st };
}
