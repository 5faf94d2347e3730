// The phases nginx runs between reading a request's head and its content handler
// (ngx_http_core_run_phases()), as the request calls them: the server's rewrites, then, once the
// location is found, the location's rewrites (which may choose it again) and the access phase.
import type { Handlers } from '../request.js';
import { locationRewrite, serverRewrite } from './rewrite.js';
import { accessPhase } from './access.js';

export const PHASES: Handlers['phases'] = { serverRewrite, locationRewrite, access: accessPhase };
