// Reads nginx.conf for the engine: parse, build, check the variables it uses. Master and workers
// both call this on the same file, as nginx's workers inherit the master's parsed configuration.
import { isAbsolute, join, resolve } from 'node:path';
import { parseConfFile } from './parse.js';
import { allLocations, type MapConf, type NginxConf, type ProxyHeader } from './model.js';
import { buildConf } from './build.js';
import { ConfError, unsupported } from './error.js';
import { knownVariable, nginxVariable, variableNames } from './variables.js';
import { allCodes, codeCaptureNames, codeValues } from './http/rewrite.js';

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
  const tree = parseConfFile(file);
  const conf = buildConf(tree, { prefix, confFile: file });
  checkVariables(conf);
  // ngx_event_init_conf(): after the whole conf has been read, so an error inside it comes first.
  if (!tree.some((d) => d.name === 'events')) {
    const e = new ConfError('no "events" section in configuration');
    e.afterParse = true;
    throw e;
  }
  return conf;
}

/**
 * ngx_http_variables_init_vars(): the first variable nginx does not know stops it, in the order it
 * met them (map and log_format while reading, proxy_set_header values when merging). Then a
 * variable nginx knows but the engine cannot give a value is refused where proxy_set_header uses it.
 */
function checkVariables(conf: NginxConf): void {
  const locations = allLocations(conf);
  const headers: ProxyHeader[] = locations.flatMap((l) => l.proxySetHeaders);
  const added = locations.flatMap((l) => l.addHeaders);
  // The rewrite module's codes.
  const codes = locations.flatMap((l) => [...allCodes(l.rewrite)]);
  // A regex's named captures are variables too (ngx_http_regex_compile()).
  const captures = [...locations.flatMap((l) => l.regex?.names ?? []), ...codes.flatMap(codeCaptureNames)];
  const paths = locations.flatMap((l) => [...(l.alias ? [{ text: l.root, what: 'alias', at: l }] : []), ...(l.tryFiles ?? []).map((t) => ({ text: t.name, what: 'try_files', at: l }))]);
  // Their values (the variables `set` makes are the conf's own, like a map's).
  const scripted = codes.flatMap((c) => codeValues(c).flatMap((v) => variableNames(v).map((name) => ({ name, c }))));
  const used = [...conf.variables, ...scripted.map((s) => s.name), ...[...added, ...headers].flatMap((h) => variableNames(h.value)), ...paths.flatMap((p) => variableNames(p.text))];
  const mapped = [...conf.maps.map((m) => m.variable), ...captures, ...codes.flatMap((c) => (c.op === 'set' ? [c.name] : []))];
  /** A variable of `set`'s, which the engine always has (a value, or none). */
  const declared = (v: string) => codes.some((c) => c.op === 'set' && c.name === v.toLowerCase() && c.name !== 'args');
  const unknown = used.find((v) => !nginxVariable(v, mapped));
  if (unknown !== undefined) throw new ConfError(`unknown "${unknown}" variable`);
  const evaluable = (v: string) => (declared(v) ? undefined : unevaluable(v, conf.maps, captures));
  for (const { name, c } of scripted) {
    const missing = evaluable(name);
    if (missing !== undefined) throw unsupported(`the variable "$${missing}" (used by "${c.op}")`, c.at);
  }
  const uses = [...headers.map((h) => ({ h, by: 'proxy_set_header' })), ...added.map((h) => ({ h, by: 'add_header' }))];
  for (const { h, by } of uses) {
    for (const v of variableNames(h.value)) {
      const missing = evaluable(v);
      // Every header here is the conf's own, with its place (only nginx's defaults have none).
      if (missing !== undefined) throw unsupported(`the variable "$${missing}" (used by "${by} ${h.name}")`, h.at!);
    }
  }
  for (const p of paths) {
    for (const v of variableNames(p.text)) {
      const missing = evaluable(v);
      if (missing !== undefined) throw unsupported(`the variable "$${missing}" (used by "${p.what}" in the location "${p.at.path}")`, p.at);
    }
  }
}

/** The variable, or one a map makes it of, that the engine cannot evaluate; undefined when all can be. */
function unevaluable(name: string, maps: MapConf[], captures: string[], seen = new Set<string>()): string | undefined {
  if (!knownVariable(name, [...maps.map((m) => m.variable), ...captures])) return name;
  const map = maps.find((m) => m.variable === name);
  if (!map || seen.has(name)) return undefined;
  seen.add(name);
  for (const text of [map.source, map.defaultValue, ...map.values.values()]) {
    for (const v of variableNames(text)) {
      const missing = unevaluable(v, maps, captures, seen);
      if (missing !== undefined) return missing;
    }
  }
  return undefined;
}
