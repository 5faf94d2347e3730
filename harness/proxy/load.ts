// Reads nginx.conf for the engine: parse, build, check the variables it uses. Master and workers
// both call this on the same file, as nginx's workers inherit the master's parsed configuration.
import { isAbsolute, join, resolve } from 'node:path';
import { parseConfFile } from './conf/parse.js';
import { buildConf, type NginxConf } from './conf/model.js';
import { ConfError } from './conf/error.js';
import { knownVariable, variableNames } from './variables.js';

export interface LoadOptions {
  /** `-p`: the prefix; relative paths in the conf resolve against it. */
  prefix: string;
  /** `-c`: the conf file, relative to the prefix. */
  conf: string;
}

export function confPath(o: LoadOptions): string {
  return isAbsolute(o.conf) ? o.conf : join(resolve(o.prefix), o.conf);
}

export function loadConf(o: LoadOptions): NginxConf {
  const prefix = resolve(o.prefix);
  const file = confPath(o);
  const conf = buildConf(parseConfFile(file), { prefix, confFile: file });
  for (const server of conf.servers) {
    for (const loc of server.locations) {
      for (const h of loc.proxySetHeaders) {
        for (const v of variableNames(h.value)) {
          if (!knownVariable(v, conf.maps)) throw new ConfError(`unknown "${v}" variable`);
        }
      }
    }
  }
  return conf;
}
