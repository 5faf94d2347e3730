// The upstream module's variables' values: those of each attempt, joined, and the two families.
import type { ModuleRuntime } from '../module.js';
import type { Variable } from '../request.js';
import { UPSTREAM_FIELDS, upstreamCookie, upstreamHeader } from './state.js';

const attempts = (field: (typeof UPSTREAM_FIELDS)[string]): Variable => (req) => (req.upstreamStates.length ? req.upstreamStates.map(field).join(', ') : undefined);

export const UPSTREAM_RUNTIME: ModuleRuntime = {
  variables: Object.fromEntries(Object.entries(UPSTREAM_FIELDS).map(([name, field]) => [name, attempts(field)])),
  variablePrefixes: {
    upstream_http_: (req, name) => upstreamHeader(req.upstreamStates, name.slice('upstream_http_'.length)),
    upstream_cookie_: (req, name) => upstreamCookie(req.upstreamStates, name.slice('upstream_cookie_'.length)),
  },
};
