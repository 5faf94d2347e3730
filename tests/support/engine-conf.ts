// A conf as the embedded engine loads it: nginx-conf's loader with the engine's module list
// (embedded/modules.ts), for the specs of nginx-conf/, which sits below the engine.
import { loadConf } from '../../harness/nginx-conf/load.js';
import type { NginxConf } from '../../harness/nginx-conf/model.js';
import { CONF_MODULES } from '../../harness/embedded/modules.js';

export function engineConf(prefix: string, conf = 'conf/nginx.conf'): NginxConf {
  return loadConf({ prefix, conf, modules: CONF_MODULES });
}
