// The access module's access handler (module.ts lists its directives).
import type { ModuleRuntime } from '../../module.js';
import { accessPhase } from './phase.js';

export const ACCESS_RUNTIME: ModuleRuntime = { phaseHandlers: { access: accessPhase } };
