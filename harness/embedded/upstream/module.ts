// The upstream module's variables (ngx_http_upstream_vars[]): $upstream_addr and the others of
// each attempt (upstream/state.ts), and the $upstream_http_* and $upstream_cookie_* families.
import type { HttpModule } from '../module.js';
import type { Variable } from '../request.js';
import { UPSTREAM_FIELDS, upstreamCookie, upstreamHeader } from './state.js';

const attempts = (field: (typeof UPSTREAM_FIELDS)[string]): Variable => (req) => (req.upstreamStates.length ? req.upstreamStates.map(field).join(', ') : undefined);

export const UPSTREAM_MODULE: HttpModule = {
  name: 'upstream',
  variables: Object.fromEntries(Object.entries(UPSTREAM_FIELDS).map(([name, field]) => [name, attempts(field)])),
  variablePrefixes: {
    upstream_http_: (req, name) => upstreamHeader(req.upstreamStates, name.slice('upstream_http_'.length)),
    upstream_cookie_: (req, name) => upstreamCookie(req.upstreamStates, name.slice('upstream_cookie_'.length)),
  },
};
