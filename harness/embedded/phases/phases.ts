// The phase engine (ngx_http_init_phase_handlers()): nginx's phases in their order, each with its
// handlers, built once for the worker. The request runs it from the server's rewrites, and from
// the location's after a named location; it knows no phase by name.
import type { PhaseEngine, PhaseHandler } from '../request.js';
import { locationRewrite, postRewrite, serverRewrite } from './rewrite.js';
import { findConfigPhase } from './find-config.js';
import { accessPhase } from './access.js';
import { tryFilesPhase } from './try-files.js';

/** NGX_HTTP_CONTENT_PHASE: the location's content handler (clcf->handler), which always answers. */
const contentPhase: PhaseHandler = (req) => {
  req.handlers.content[req.loc.handler](req);
  return true;
};

const PHASE_LIST = [
  { name: 'server-rewrite', handler: serverRewrite },
  { name: 'find-config', handler: findConfigPhase },
  { name: 'rewrite', handler: locationRewrite },
  { name: 'post-rewrite', handler: postRewrite, back: 'find-config' },
  { name: 'access', handler: accessPhase },
  // NGX_HTTP_PRECONTENT_PHASE.
  { name: 'try-files', handler: tryFilesPhase },
  { name: 'content', handler: contentPhase },
] as const;

const at = (name: (typeof PHASE_LIST)[number]['name']) => PHASE_LIST.findIndex((p) => p.name === name);

export const PHASES: PhaseEngine = {
  handlers: PHASE_LIST.map((p) => ({ handler: p.handler, back: 'back' in p ? at(p.back) : undefined })),
  serverRewrite: at('server-rewrite'),
  locationRewrite: at('rewrite'),
};
