// ngx_http_index_handler(): a URI with a trailing slash is redirected internally to the first index
// file that is there; with none, the directory is checked and the content phase goes on (autoindex,
// then the core's 403).
import type { HttpRequest } from '../../request.js';
import { mapUriToPath, statUnder } from '../../files/map-path.js';
import { searchDenied, workerUser } from '../../files/worker-user.js';
import { notFoundErrno } from '../../files/send-file.js';
import { evaluate } from '../../variable-values.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { INDEX } from './conf.js';

/** True when it answered or redirected; false: no index file, the directory is there (NGX_DECLINED). */
export function indexHandler(req: HttpRequest): boolean {
  const m = req.method;
  if (!req.uri.uri.endsWith('/') || (m !== 'GET' && m !== 'HEAD' && m !== 'POST')) return false;
  const { root, path: dir } = mapUriToPath(req);
  const user = workerUser(req.ctx.conf, req.ctx.os.name);
  const { index } = moduleConf(req.loc, INDEX);
  for (const written of index) {
    const name = evaluate(req, written);
    // An absolute name is redirected to untested, the request's args kept.
    if (name.startsWith('/')) {
      req.internalRedirect(name);
      return true;
    }
    if (user && searchDenied(user, dir + name)) return indexForbidden(req, dir + name);
    const { st } = statUnder(req, root, dir + name);
    if (!(st instanceof Error) && !st.isDirectory()) {
      // nginx's index module redirects internally to the index file: the location is chosen again.
      req.internalRedirect(req.uri.uri + name);
      return true;
    }
    if (st instanceof Error && st.code === 'EACCES') return indexForbidden(req, dir + name);
    if (st instanceof Error && st.code !== 'ENOENT') return indexNotFound(req, root, dir + name, st.code);
  }
  const d = statUnder(req, root, dir).st;
  if (d instanceof Error || !d.isDirectory()) return indexNotFound(req, root, dir + evaluate(req, index[0]), d instanceof Error ? d.code : 'ENOTDIR');
  return false;
}

/** ngx_http_index_error() for EACCES: `"…/index.html" is forbidden (13: Permission denied)`, 403. */
function indexForbidden(req: HttpRequest, file: string): true {
  req.logError('error', `"${req.ctx.displayPath(file)}" is forbidden`, { errno: 'EACCES' });
  req.special(403);
  return true;
}

/** ngx_http_index_error() for the rest: `"…/index.html" is not found`, unless log_not_found is off; 404. */
function indexNotFound(req: HttpRequest, root: string, file: string, code: string | undefined): true {
  if (req.loc.logNotFound) req.logError('error', `"${req.ctx.displayPath(file)}" is not found`, { errno: notFoundErrno(req, root, file, code) });
  req.special(404);
  return true;
}
