// nginx's try_files phase (ngx_http_core_try_files_phase()): the first argument that names a file
// (a directory for `name/`) becomes the URI the content handler serves; the last is the fallback,
// an internal redirect to a URI or a named location, or `=code`.
import type { HttpRequest } from '../request.js';
import { evaluate } from '../variable-values.js';
import { mapUriToPath, statUnder } from '../files/map-path.js';
import { permits, R_OK, searchDenied, workerUser } from '../files/worker-user.js';

/** True when the phase answered or redirected the request; false: the content handler goes on. */
export function tryFilesPhase(req: HttpRequest): boolean {
  const files = req.loc.tryFiles;
  if (!files) return false;
  const alias = req.loc.alias;
  const uri = req.uri.uri;
  const { root } = mapUriToPath(req);
  const user = workerUser(req.ctx.conf, req.ctx.os.name);
  for (let i = 0; i < files.length; i++) {
    const tf = files[i];
    let name = evaluate(req, tf.name);
    // A prefix location's alias: a name with variables that starts with the location's name has
    // it replaced by the alias path (a static name, or a regex location's alias, is taken whole).
    if (alias && alias !== Infinity && tf.name.includes('$') && name.startsWith(uri.slice(0, alias))) name = name.slice(alias);
    if (i === files.length - 1) {
      if (tf.code !== undefined) req.special(tf.code);
      else if (name.startsWith('@')) req.namedLocation(name);
      else {
        // ngx_http_split_args(): no `?`, no args.
        const q = name.indexOf('?');
        req.internalRedirect(q < 0 ? name : name.slice(0, q), { args: q < 0 ? '' : name.slice(q + 1) });
      }
      return true;
    }
    const path = root + name;
    // open(), as nginx tests a file: a directory on the way or the file itself it may not read is
    // a [crit] line; a missing one is none.
    const denied = user && searchDenied(user, path);
    const { st } = denied ? { st: undefined } : statUnder(req, root, path);
    if (denied || (st && !(st instanceof Error) && user && !permits(st, user, R_OK)) || (st instanceof Error && st.code === 'EACCES')) {
      req.logError('crit', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(path)}" failed`, { errno: 'EACCES' });
      continue;
    }
    if (!st || st instanceof Error || st.isDirectory() !== tf.testDir) continue;
    if (!alias) req.uri = { ...req.uri, uri: name };
    else if (alias === Infinity) {
      if (!tf.testDir) {
        req.uri = { ...req.uri, uri: name };
        req.addUriToAlias = true;
      }
    } else req.uri = { ...req.uri, uri: uri.slice(0, alias) + name };
    return false;
  }
  return false;
}
