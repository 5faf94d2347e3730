// The upstream module's variables: $upstream_* (each attempt's, upstream/state.ts), registered as
// ngx_http_upstream_module registers them.
import type { HttpModule } from '../module.js';
import { upstreamVariable } from './state.js';

export const UPSTREAM_MODULE: HttpModule = {
  name: 'upstream',
  variablePrefixes: { upstream_: (req, name) => upstreamVariable(req.upstreamStates, name) },
};
