// Conditions of a request nginx answers itself: a body over client_max_body_size (413), a static
// file that is not there (404), including the front end's own index.html and error page, a folder
// without an index (403), a request an allow/deny rule refuses (403), and a rewrite or try_files
// that loops (500).
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type LogView } from '../types.js';
import { at, confPointer, entries, first } from './group.js';
import { baseName, errnoIs, fileOp, parentOf, requestOf, shortRequest, showPath } from '../facts.js';
import { count, inYourConf, series } from '../say.js';
import { t } from './requests.texts.js';
import { doctorText } from '../texts.js';

/** ` (3 requests)` when there are more than one. */
const requestsParen = (n: number) => (n > 1 ? doctorText('doctor.paren', { s: count(n, 'request') }) : '');

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
    const path = requestOf(first(es).request)?.path ?? t('doctor.tooLarge.theServer');
    const size = `${suggest}m`;
    return {
      cause: t(es.length === 1 ? 'doctor.tooLarge.one' : 'doctor.tooLarge.other', { n: es.length, mb: mb(max), bytes: max, path }),
      fix: t('doctor.tooLarge.fix', { change: confPointer(log, first(es), 'client_max_body_size', size) ?? t('doctor.tooLarge.add', { size }) }),
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

/** The pages the course's front end draws itself (its hash routes), asked for without their #. */
const COURSE_ROUTES = /^\/(?:login|dashboard|statistics|order|setmeal|dish|category|employee)(?:\/add)?\/?$/;

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
    const times = requestsParen(es.length);
    const err = e.errno ? `${e.errno.code}: ${e.errno.text}` : t('doctor.static.forbidden');
    const detail: Record<string, unknown> = { path: showPath(op.path), uri, requests: es.length };
    if (baseName(op.path) === '50x.html' || (e.upstream !== undefined && op.fn !== 'index')) {
      detail.errorPage = true;
      return {
        cause: t('doctor.static.errorPage', { times, path: showPath(op.path), err }),
        fix: t('doctor.static.errorPageFix', { folder: showPath(parentOf(op.path)) }),
        detail,
      };
    }
    if (op.fn === 'index') {
      const missingFolder = Number(e.errno?.code) === 3 || Number(e.errno?.code) === 20;
      const isSky = /[\\/]html[\\/]sky$/.test(root);
      return {
        cause: t(missingFolder ? 'doctor.static.noFolder' : 'doctor.static.noIndex', { root: showPath(root), file: baseName(op.path), request: shortRequest(e.request), times }),
        fix: t('doctor.static.indexFix', {
          what: t(isSky ? 'doctor.static.sky' : 'doctor.static.build'),
          root: showPath(root),
          index: showPath(root + (root.includes('\\') ? '\\' : '/') + 'index.html'),
          pointer: rootPointer(log, e),
        }),
        detail,
      };
    }
    if (/^\/(?:null|undefined)$/.test(uri) || /\/(?:null|undefined)$/.test(uri)) {
      detail.harmless = true;
      return {
        cause: t('doctor.static.empty', { uri, times }),
        fix: t('doctor.static.emptyFix'),
        detail,
      };
    }
    if (/^\/\.well-known\/|^\/favicon\.ico$/.test(uri)) {
      detail.harmless = true;
      return {
        cause: t('doctor.static.wellKnown', { uri, times, who: t(uri.startsWith('/.well-known/appspecific') ? 'doctor.static.devtools' : 'doctor.static.browsers') }),
        fix: doctorText('doctor.nothingToDo'),
        detail,
      };
    }
    if (uri === '/doc.html' || /^\/(?:swagger|v2\/api-docs|v3\/api-docs|webjars)/.test(uri)) {
      detail.harmless = true;
      return {
        cause: t('doctor.static.docs', { uri, path: showPath(op.path), times }),
        fix: t('doctor.static.docsFix', { uri }),
        detail,
      };
    }
    if (/^\/admin\//.test(uri)) {
      return {
        cause: t('doctor.static.admin', { uri, times, path: showPath(op.path) }),
        fix: t('doctor.static.adminFix', { rest: uri.slice('/admin'.length), uri }),
        detail,
      };
    }
    if (COURSE_ROUTES.test(uri)) {
      return {
        cause: t('doctor.static.route', { request: shortRequest(e.request), times, uri, path: showPath(op.path), err }),
        fix: t('doctor.static.routeFix', { uri, pointer: rootPointer(log, e) }),
        detail: { ...detail, frontendRoute: true },
      };
    }
    return {
      cause: t('doctor.static.other', { request: shortRequest(e.request), times, path: showPath(op.path), err }),
      fix: t('doctor.static.otherFix', { uri, root: showPath(root), pointer: rootPointer(log, e) }),
      detail,
    };
  },
};

/** With --conf: the `root` (or `alias`) that maps this request to a file. */
function rootPointer(log: LogView, e: ErrorLogEntry): string {
  const c = log.conf?.inForce('alias', e).set ?? log.conf?.inForce('root', e).set;
  return c ? inYourConf([at(c)]) : '';
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
      cause: t('doctor.dirIndex.cause', { request: shortRequest(e.request), dir: showPath(dir), times: requestsParen(es.length) }),
      fix: t('doctor.dirIndex.fix', { dir: showPath(dir), pointer: index ? inYourConf([at(index)]) : rootPointer(log, e) }),
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
      cause: t('doctor.rule.cause', {
        requests: count(es.length, 'request'),
        paths: series(paths.slice(0, 3)) + (paths.length > 3 ? doctorText('doctor.list.etc') : ''),
        clients: series(clients.slice(0, 3)) || t('doctor.rule.aClient'),
      }),
      fix: t('doctor.rule.fix', { pointer: inYourConf(rules.slice(0, 4).map(at)) }),
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
      cause: t('doctor.cycle.cause', { request: shortRequest(e.request), target: target ? t('doctor.cycle.target', { target }) : '', times: requestsParen(es.length) }),
      fix: t('doctor.cycle.fix', { file: target ? `"${target}"` : t('doctor.cycle.lastFile'), pointer: tryFiles ? inYourConf([at(tryFiles)]) : '' }),
      detail: { requests: es.length, ...(target ? { target } : {}) },
    };
  },
};
