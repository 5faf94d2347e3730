// ngx_http_static_handler(): the file a URI without a trailing slash names, last of the content
// phase's handlers; a directory is redirected to its name with a slash.
import type { HttpRequest } from '../../request.js';
import { mapUriToPath, statUnder } from '../../files/map-path.js';
import { permits, R_OK, searchDenied, workerUser } from '../../files/worker-user.js';
import { fileError, sendFile } from '../../files/send-file.js';
import { escapeUri } from '../../http/uri.js';

/**
 * The method is checked first, then the file; only a file that is sent has its request body
 * discarded (with a "100 Continue" if one was asked for); every other answer is a special
 * response, which discards it quietly. False for a trailing slash (NGX_DECLINED).
 */
export function staticHandler(req: HttpRequest): boolean {
  const m = req.method;
  if (m !== 'GET' && m !== 'HEAD' && m !== 'POST') {
    req.special(405);
    return true;
  }
  const uri = req.uri.uri;
  if (uri.endsWith('/')) return false;
  const { root, path } = mapUriToPath(req);
  const user = workerUser(req.ctx.conf, req.ctx.os.name);
  if (user && searchDenied(user, path)) {
    fileError(req, root, path, 'EACCES');
    return true;
  }
  const { real, st } = statUnder(req, root, path);
  if (st instanceof Error) {
    fileError(req, root, path, st.code);
    return true;
  }
  // nginx opens what it serves, a directory too (open(O_RDONLY)): both need the read bit.
  if (user && !permits(st, user, R_OK)) fileError(req, root, path, 'EACCES');
  else if (st.isDirectory()) req.redirect(301, escapeUri(uri) + '/' + (req.uri.args ? '?' + req.uri.args : ''));
  else if (req.method === 'POST') req.special(405);
  else sendFile(req, root, real, st);
  return true;
}
