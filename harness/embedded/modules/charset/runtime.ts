// The charset module's header filter.
import type { ModuleRuntime } from '../../module.js';
import { charsetFilter } from './filter.js';

export const CHARSET_RUNTIME: ModuleRuntime = { headerFilter: charsetFilter };
