// The static module's content handler.
import type { ModuleRuntime } from '../../module.js';
import { staticHandler } from './handler.js';

export const STATIC_RUNTIME: ModuleRuntime = { phaseHandlers: { content: staticHandler } };
