// The upstream module's variables (ngx_http_upstream_vars[]): $upstream_addr and the others of
// each attempt (upstream/state.ts), and the $upstream_http_* and $upstream_cookie_* families.
import type { HttpModule } from '../module.js';
import { UPSTREAM_FIELDS } from './state.js';

export const UPSTREAM_MODULE: HttpModule = {
  name: 'upstream',
  variables: Object.keys(UPSTREAM_FIELDS),
  variablePrefixes: ['upstream_http_', 'upstream_cookie_'],
  runtime: async () => (await import('./runtime.js')).UPSTREAM_RUNTIME,
};
