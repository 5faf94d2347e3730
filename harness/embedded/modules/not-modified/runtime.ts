// The not-modified module's judgement of a file's answer, with the location's if_modified_since.
import type { ModuleRuntime } from '../../module.js';
import { preconditions } from '../../http/conditional.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { NOT_MODIFIED } from './conf.js';

export const NOT_MODIFIED_RUNTIME: ModuleRuntime = {
  preconditions: (req, v) => preconditions(req.head.headers, v, moduleConf(req.loc, NOT_MODIFIED).ifModifiedSince),
};
