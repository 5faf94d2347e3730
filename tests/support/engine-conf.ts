// A conf as the embedded engine loads it: nginx-conf's loader with the engine's module list
// (embedded/modules.ts), for the specs of nginx-conf/, which sits below the engine.
import { loadConf } from '../../harness/nginx-conf/load.js';
import type { LocationConf, NginxConf } from '../../harness/nginx-conf/model.js';
import { moduleConf } from '../../harness/nginx-conf/directive.js';
import { ENGINE_CONF } from '../../harness/embedded/modules.js';
import { PROXY, type ProxyConf } from '../../harness/embedded/modules/proxy/conf.js';
import { INDEX } from '../../harness/embedded/modules/index/conf.js';

export function engineConf(prefix: string, conf = 'conf/nginx.conf'): NginxConf {
  return loadConf({ prefix, conf, ...ENGINE_CONF });
}

/** A level's proxy module settings (embedded/modules/proxy/), as the engine reads them. */
export function proxyConf(l: LocationConf): ProxyConf {
  return moduleConf(l, PROXY);
}

/** A level's index list (embedded/modules/index/). */
export function indexOf(l: LocationConf): string[] {
  return moduleConf(l, INDEX).index;
}
