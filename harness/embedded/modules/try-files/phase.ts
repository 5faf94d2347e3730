// ngx_http_try_files_handler(), the precontent phase's: the first argument that names a file
// (a directory for `name/`) becomes the URI the content handler serves; the last is the fallback,
// an internal redirect to a URI or a named location, or `=code`.
import type { HttpRequest } from '../../request.js';
import { evaluate } from '../../variable-values.js';
import { mapUriToPath, statUnder } from '../../files/map-path.js';
import { searchDenied, workerUser } from '../../files/worker-user.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { TRY_FILES } from './conf.js';

/** True when the phase answered or redirected the request; false: the content handler goes on. */
export function tryFilesPhase(req: HttpRequest): boolean {
  const files = moduleConf(req.loc, TRY_FILES).tryFiles;
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
    // ngx_open_cached_file() with test_only: a stat(), so a file it may not read passes (the
    // handler's open() fails later); a folder on the way it may not search is a [crit] line.
    const denied = () => req.logError('crit', `${req.ctx.os.fileInfoFn} "${req.ctx.displayPath(path)}" failed`, { errno: 'EACCES' });
    if (user && searchDenied(user, path)) {
      denied();
      continue;
    }
    const { st } = statUnder(req, root, path);
    if (st instanceof Error) {
      if (st.code === 'EACCES') denied();
      continue;
    }
    if (st.isDirectory() !== tf.testDir) continue;
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
