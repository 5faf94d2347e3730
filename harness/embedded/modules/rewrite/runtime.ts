// The rewrite module's handlers of the server rewrite and rewrite phases, and its warning of a
// `set` variable read before it is set.
import type { ModuleRuntime } from '../../module.js';
import { locationRewrite, serverRewrite, uninitialized } from './phase.js';

export const REWRITE_RUNTIME: ModuleRuntime = { phaseHandlers: { 'server-rewrite': serverRewrite, rewrite: locationRewrite }, uninitialized };
