// The phase engine (ngx_http_init_phase_handlers()): nginx's phases in their order, each with the
// core's handler and the modules' (in the module list's order), built once for the worker. The
// request runs it from the server's rewrites, and from the location's after a named location, and
// the log phase's handlers as it ends; it knows no phase by name.
import type { PhaseEngine, PhaseHandler } from '../request.js';
import { PHASE_NAMES, type ModuleRuntime, type PhaseName } from '../module.js';
import { findConfigPhase } from './find-config.js';
import { mapUriToPath } from '../files/map-path.js';

/**
 * NGX_HTTP_POST_REWRITE_PHASE (ngx_http_core_post_rewrite_phase()): a changed URI chooses the
 * location again, find config's own checks with it (the new location's client_max_body_size, its
 * `/api` → `/api/` redirect); the eleventh change is a cycle's 500.
 */
const postRewrite: PhaseHandler = (req) => {
  if (!req.uriChanged) return false;
  if (req.uriCycle(`rewrite or internal redirection cycle while processing "${req.uri.uri}"`)) return true;
  return 'back';
};

/**
 * NGX_HTTP_CONTENT_PHASE: the request's content handler (r->content_handler), which always answers;
 * without one, the modules' content handlers in turn (index, autoindex, static).
 */
const contentPhase: PhaseHandler = (req) => {
  if (!req.contentHandler) return false;
  req.handlers.content.get(req.contentHandler)!(req);
  return true;
};

/**
 * ngx_http_core_content_phase()'s end, when every module declined: a URI with a trailing slash is a
 * directory nobody lists (403), anything else is not found.
 */
const contentDeclined: PhaseHandler = (req) => {
  if (!req.uri.uri.endsWith('/')) {
    req.special(404);
    return true;
  }
  req.logError('error', `directory index of "${req.ctx.displayPath(mapUriToPath(req).path)}" is forbidden`);
  req.special(403);
  return true;
};

/** The core module's own handlers, first of their phase; `CORE_LAST`'s after the modules'. */
const CORE: Partial<Record<PhaseName, PhaseHandler>> = { 'find-config': findConfigPhase, 'post-rewrite': postRewrite, content: contentPhase };
const CORE_LAST: Partial<Record<PhaseName, PhaseHandler>> = { content: contentDeclined };

export function phaseEngine(modules: readonly ModuleRuntime[]): PhaseEngine {
  const handlers: { handler: PhaseHandler; back?: number }[] = [];
  /** Where each phase's handlers start (a phase without any: the next phase's first). */
  const start = new Map<PhaseName, number>();
  for (const phase of PHASE_NAMES) {
    start.set(phase, handlers.length);
    for (const handler of [CORE[phase], ...modules.map((m) => m.phaseHandlers?.[phase]), CORE_LAST[phase]]) if (handler) handlers.push({ handler });
  }
  // Post-rewrite's NGX_AGAIN: back to find config (ph->next).
  for (const h of handlers) if (h.handler === postRewrite) h.back = start.get('find-config');
  const log = modules.flatMap((m) => (m.phaseHandlers?.log ? [m.phaseHandlers.log] : []));
  return { handlers, serverRewrite: start.get('server-rewrite')!, locationRewrite: start.get('rewrite')!, log };
}
