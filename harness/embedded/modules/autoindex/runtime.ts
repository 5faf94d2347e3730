// The autoindex module's content handler.
import type { ModuleRuntime } from '../../module.js';
import { autoindexHandler } from './handler.js';

export const AUTOINDEX_RUNTIME: ModuleRuntime = { phaseHandlers: { content: autoindexHandler } };
