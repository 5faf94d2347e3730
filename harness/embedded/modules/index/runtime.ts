// The index module's content handler.
import type { ModuleRuntime } from '../../module.js';
import { indexHandler } from './handler.js';

export const INDEX_RUNTIME: ModuleRuntime = { phaseHandlers: { content: indexHandler } };
