// Conditions of a request nginx answers itself: a body over client_max_body_size (413), a static
// file that is not there (404), including the front end's own index.html and error page, a folder
// without an index (403), a request an allow/deny rule refuses (403), and a rewrite or try_files
// that loops (500).
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type LogView } from '../types.js';
import { at, confPointer, entries, first } from './group.js';
import { baseName, errnoIs, fileOp, parentOf, plural, requestOf, shortRequest, showPath } from '../facts.js';

const TOO_LARGE = /^client intended to send too large (chunked )?body: (\d+)(?:\+(\d+))? bytes/;

function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(1).replace(/\.0$/, '') + ' MB';
}

export const bodyTooLarge: Condition = {
  id: 'body-too-large',
  match(e) {
    return TOO_LARGE.test(e.message) ? { by: 'key', key: `body|${e.pid}|${requestOf(e.request)?.path ?? ''}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const sizes = es.map((e) => {
      const m = TOO_LARGE.exec(e.message)!;
      return Number(m[2]) + Number(m[3] ?? 0);
    });
    const max = Math.max(...sizes);
    const suggest = Math.max(10, Math.ceil((max * 2) / 1048576));
    const path = requestOf(first(es).request)?.path ?? 'the server';
    return {
      cause: `${es.length === 1 ? `An upload of ${mb(max)} (${max} bytes) to ${path} was` : `${es.length} uploads to ${path} (up to ${mb(max)}, ${max} bytes) were`} refused with 413 Request Entity Too Large: nginx accepts request bodies up to client_max_body_size, 1m by default.`,
      fix: `${confPointer(log, first(es), 'client_max_body_size', `${suggest}m`) ?? `Add "client_max_body_size ${suggest}m;" to the http { } block of nginx.conf`} (keep Spring's spring.servlet.multipart.max-file-size at least as large), then run "nginx -s reload".`,
      detail: { uploads: es.length, largest: max, path },
    };
  },
};

/** The front end's folder (nginx's root) from the file nginx tried and the URI it was asked for. */
function rootOf(path: string, uri: string | undefined, fn: string): string {
  if (fn === 'index') return parentOf(path);
  const u = (uri ?? '').replace(/\?.*$/, '');
  if (u.length > 1 && path.endsWith(u)) return path.slice(0, -u.length);
  return parentOf(path);
}

export const staticNotFound: Condition = {
  id: 'static-not-found',
  match(e) {
    const op = fileOp(e);
    if (!op || e.client === undefined) return undefined;
    if (!errnoIs.notFound(e) || op.fn === 'autoindex') return undefined;
    return { by: 'key', key: `static|${e.pid}|${op.path}`, windowS: EPISODE_S };
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const op = fileOp(e)!;
    const r = requestOf(e.request);
    const uri = r?.path ?? '/';
    const root = rootOf(op.path, uri, op.fn);
    const times = es.length > 1 ? ` (${plural(es.length, 'request')})` : '';
    const err = e.errno ? `${e.errno.code}: ${e.errno.text}` : 'forbidden';
    const detail: Record<string, unknown> = { path: showPath(op.path), uri, requests: es.length };
    if (baseName(op.path) === '50x.html' || (e.upstream !== undefined && op.fn !== 'index')) {
      detail.errorPage = true;
      return {
        cause: `nginx answered upstream failures with error_page /50x.html${times}, but ${showPath(op.path)} does not exist (${err}), so the browser got 404 Not Found instead of the error page; the real failure is the upstream error logged for the same request.`,
        fix: `Put 50x.html back into ${showPath(parentOf(op.path))} (it ships with nginx) or remove the error_page line, and fix the upstream failure first.`,
        detail,
      };
    }
    if (op.fn === 'index') {
      const missingFolder = Number(e.errno?.code) === 3 || Number(e.errno?.code) === 20;
      const isSky = /[\\/]html[\\/]sky$/.test(root);
      return {
        cause: missingFolder
          ? `The front end is not where nginx looks: the folder ${showPath(root)} does not exist, so "${shortRequest(e.request)}" found no index.html and got 404${times}.`
          : `${showPath(root)} has no ${baseName(op.path)}, so "${shortRequest(e.request)}" got 404${times}.`,
        fix: `Put the admin front end ${isSky ? "(the course's html\\sky folder, or your build's dist contents)" : '(your build output)'} into ${showPath(root)} so that ${showPath(root + (root.includes('\\') ? '\\' : '/') + 'index.html')} exists, or point "root" in nginx.conf at the folder that has it.${rootPointer(log, e)}`,
        detail,
      };
    }
    if (/^\/(?:null|undefined)$/.test(uri) || /\/(?:null|undefined)$/.test(uri)) {
      detail.harmless = true;
      return {
        cause: `The page asked nginx for "${uri}"${times}, a URL built from an empty (null/undefined) value, such as an image whose address is missing in the data; there is no such file.`,
        fix: 'Nothing is wrong with nginx: fill in the missing image or link in the data, or guard the empty value in the front end.',
        detail,
      };
    }
    if (/^\/\.well-known\/|^\/favicon\.ico$/.test(uri)) {
      detail.harmless = true;
      return {
        cause: `The browser asks every site for ${uri}${times} (${uri.startsWith('/.well-known/appspecific') ? 'Chrome DevTools does' : 'browsers do'}); the front end has none, so nginx answers 404.`,
        fix: 'Nothing to do.',
        detail,
      };
    }
    if (uri === '/doc.html' || /^\/(?:swagger|v2\/api-docs|v3\/api-docs|webjars)/.test(uri)) {
      detail.harmless = true;
      return {
        cause: `The API docs (knife4j/Swagger, ${uri}) are served by the admin server, not by nginx, so nginx looked for ${showPath(op.path)} and answered 404${times}.`,
        fix: `Open the docs on the admin server's own port instead, e.g. http://localhost:8080${uri}.`,
        detail,
      };
    }
    if (/^\/admin\//.test(uri)) {
      return {
        cause: `The browser asked nginx for ${uri}${times}, an admin server path: through nginx, the admin server's /admin/... is reached as /api/..., so nginx looked for the file ${showPath(op.path)}.`,
        fix: `Call /api${uri.slice('/admin'.length)} on nginx, or the admin server's own port (http://localhost:8080${uri}).`,
        detail,
      };
    }
    return {
      cause: `"${shortRequest(e.request)}" asked for a file that is not in the front end${times}: nginx found no ${showPath(op.path)} (${err}) and answered 404.`,
      fix: `If ${uri} should exist, copy it into ${showPath(root)}; if a page links to it, correct the link (this is not an nginx fault).${rootPointer(log, e)}`,
      detail,
    };
  },
};

/** With --conf: the `root` (or `alias`) that maps this request to a file. */
function rootPointer(log: LogView, e: ErrorLogEntry): string {
  const c = log.conf?.inForce('alias', e).set ?? log.conf?.inForce('root', e).set;
  return c ? ` In your conf: ${at(c)}.` : '';
}

// ---- directory-index-forbidden ----------------------------------------------------------------

const DIR_INDEX = /^directory index of "(.*)" is forbidden$/;

export const directoryIndexForbidden: Condition = {
  id: 'directory-index-forbidden',
  match(e) {
    const m = DIR_INDEX.exec(e.message);
    return m ? { by: 'key', key: `dirindex|${e.pid}|${m[1]}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const dir = DIR_INDEX.exec(e.message)![1];
    const index = log.conf?.inForce('index', e).set;
    return {
      cause: `"${shortRequest(e.request)}" asked for the folder ${showPath(dir)}, which has none of the index files nginx looks for (index: index.html by default) and no autoindex, so nginx answered 403 Forbidden${es.length > 1 ? ` (${plural(es.length, 'request')})` : ''}: the site's files are not in that folder (a wrong root, or the build not copied there), or the folder is meant to be listed.`,
      fix: `Put the site's index.html into ${showPath(dir)} or point root at the folder that has it; for a single-page app, "try_files $uri $uri/ /index.html;"; for PHP, "index index.php index.html;". Only to list the folder: "autoindex on;".${index ? ` In your conf: ${at(index)}.` : rootPointer(log, e)}`,
      detail: { folder: showPath(dir), requests: es.length },
    };
  },
};

// ---- access-denied-rule -----------------------------------------------------------------------

export const accessDeniedRule: Condition = {
  id: 'access-denied-rule',
  match(e) {
    return e.message === 'access forbidden by rule' ? { by: 'key', key: `rule|${e.pid}|${e.server ?? ''}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const clients = [...new Set(es.map((x) => x.client).filter((c) => c !== undefined))];
    const paths = [...new Set(es.map((x) => requestOf(x.request)?.path ?? '?'))];
    const rules = log.conf ? [...log.conf.all('deny'), ...log.conf.all('allow')] : [];
    return {
      cause: `An allow/deny rule refused ${plural(es.length, 'request')} with 403 (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', ...' : ''}, from ${clients.slice(0, 3).join(', ') || 'a client'}): the client's address is denied there; behind a proxy or load balancer nginx sees the proxy's address, not the user's.`,
      fix: `If the client should get in, allow its address before the "deny all;" of that location (or set set_real_ip_from/real_ip_header when nginx sits behind a proxy); hidden files (location ~ /\\.) are denied on purpose.${rules.length ? ` In your conf: ${rules.slice(0, 4).map(at).join(', ')}.` : ''}`,
      detail: { requests: es.length, clients },
    };
  },
};

// ---- rewrite-cycle ----------------------------------------------------------------------------

export const rewriteCycle: Condition = {
  id: 'rewrite-cycle',
  match(e) {
    return e.message === 'rewrite or internal redirection cycle' ? { by: 'key', key: `cycle|${e.pid}|${e.action ?? ''}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const target = /"(.*)"$/.exec(e.action ?? '')?.[1];
    const tryFiles = log.conf?.inForce('try_files', e).set;
    return {
      cause: `nginx redirected ${shortRequest(e.request)} internally more than 10 times${target ? ` (last to "${target}")` : ''} and gave up with 500${es.length > 1 ? ` (${plural(es.length, 'request')})` : ''}: a try_files whose last fallback (often /index.html or /index.php) is itself missing, or a rewrite/error_page that sends the request back to the same location.`,
      fix: `Make the fallback exist in root (${target ? `"${target}"` : 'the file try_files ends with'}), or end try_files with "=404"; check that the rewrite or error_page does not match its own result.${tryFiles ? ` In your conf: ${at(tryFiles)}.` : ''}`,
      detail: { requests: es.length, ...(target ? { target } : {}) },
    };
  },
};
