// The try_files module's handler in the precontent phase.
import type { ModuleRuntime } from '../../module.js';
import { tryFilesPhase } from './phase.js';

export const TRY_FILES_RUNTIME: ModuleRuntime = { phaseHandlers: { precontent: tryFilesPhase } };
