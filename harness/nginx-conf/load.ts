// Reads nginx.conf for the engine: parse, build, check the variables it uses. Master and workers
// both call this on the same file, as nginx's workers inherit the master's parsed configuration.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseConfFile, parseConfText } from './parse.js';
import { allLocations, type MapConf, type NginxConf } from './model.js';
import { buildConf } from './build.js';
import type { AddedModule } from './directive.js';
import { ConfError, unsupported } from './error.js';
import { mapValues, regexVariables } from './map.js';
import { knownVariable, locationUses, nginxVariable, variableNames, type EvaluatedVariables } from './variables.js';

export interface LoadOptions {
  /** `-p`: the prefix; relative paths in the conf resolve against it. */
  prefix: string;
  /** `-c`: the conf file, relative to the prefix. */
  conf: string;
  /** `-g`: directives of the main context, read before the file (ngx_conf_param()). */
  globals?: string;
  /** `-e`: the error log of a conf that names none (the compiled-in one otherwise). */
  errorLog?: string;
  /** The engine's modules beyond the core's (embedded/modules.ts: ENGINE_CONF.modules). */
  modules: readonly AddedModule[];
  /** The variables the engine gives a value (embedded/modules.ts: ENGINE_CONF.evaluated). */
  evaluated: EvaluatedVariables;
}

/** Where nginx says a `-g` directive is: `... in command line`. */
export const COMMAND_LINE = 'command line';

export function confPath(o: Pick<LoadOptions, 'prefix' | 'conf'>): string {
  return isAbsolute(o.conf) ? o.conf : join(resolve(o.prefix), o.conf);
}

export function loadConf(o: LoadOptions): NginxConf {
  const prefix = resolve(o.prefix);
  const file = confPath(o);
  const globals = o.globals ? parseGlobals(o.globals, dirname(file)) : [];
  const tree = [...globals, ...parseConfFile(file)];
  const conf = buildConf(tree, { prefix, confFile: file, defaultErrorLog: o.errorLog, modules: o.modules });
  // The modules' checks are nginx's while reading and merging (access_log's buffers, certificates),
  // before ngx_http_variables_init_vars().
  for (const m of o.modules) m.checkConf?.(conf as never);
  checkVariables(conf, o.modules, o.evaluated);
  // ngx_event_init_conf(): after the whole conf has been read, so an error inside it comes first.
  if (!tree.some((d) => d.name === 'events')) {
    const e = new ConfError('no "events" section in configuration');
    e.afterParse = true;
    throw e;
  }
  return conf;
}

/** ngx_conf_param(): the `-g` text, one directive after another, none a block, each ended by `;`. */
function parseGlobals(text: string, confPrefix: string) {
  try {
    const tree = parseConfText(text, COMMAND_LINE, confPrefix);
    if (tree.some((d) => d.block)) throw new ConfError('block directives are not supported in -g option', COMMAND_LINE);
    return tree;
  } catch (e) {
    if (e instanceof ConfError && e.text.startsWith('unexpected end of file')) throw new ConfError('unexpected end of parameter, expecting ";"', COMMAND_LINE);
    throw e;
  }
}

/**
 * ngx_http_variables_init_vars(): the first variable nginx does not know stops it, in the order it
 * met them (map and log_format while reading, proxy_set_header values when merging). Then a
 * variable nginx knows but the engine cannot give a value is refused where proxy_set_header uses it.
 */
function checkVariables(conf: NginxConf, modules: readonly AddedModule[], evaluated: EvaluatedVariables): void {
  const locations = allLocations(conf);
  // The modules' own, per level: the rewrite module's script, its values and what `set` and its
  // regexes make; add_header's values; try_files's and index's names; proxy_set_header's values,
  // proxy_redirect's texts; access_log's formats, if= and paths.
  const levels = locations.map((l) => modules.flatMap((m) => (m.variables ? [m.variables(l as never)] : [])));
  const own = levels.flat();
  const logged = own.flatMap((v) => v.logged ?? []);
  const scripted = own.flatMap((v) => v.used);
  const merged = own.flatMap((v) => v.merged ?? []);
  const paths = locations.flatMap((l, i) => [
    ...locationUses(l, 'alias', l.alias ? [l.root] : []),
    ...levels[i].flatMap((v) => v.files ?? []),
    ...locationUses(l, 'error_page', [...l.errorPages.values()].flatMap((p) => (p.variables ? [p.uri] : []))),
    ...levels[i].flatMap((v) => v.rewrites ?? []),
  ]);
  const passes = locations.flatMap((l) => (l.proxyPass && 'variables' in l.proxyPass ? [l.proxyPass] : []));
  const used = [...conf.variables, ...passes.flatMap((p) => variableNames(p.variables)), ...logged.map((l) => l.name), ...scripted.map((s) => s.name), ...merged.map((h) => h.name), ...paths.map((p) => p.name)];
  // Map variables, those `set` makes, and the named groups of every regex (ngx_http_regex_compile()).
  const defined = [
    ...conf.maps.flatMap((m) => [m.variable, ...m.table.regexes.flatMap((r) => regexVariables(r.re.source))]),
    ...conf.servers.flatMap((s) => s.serverNames.filter((n) => n.startsWith('~')).flatMap((n) => regexVariables(n))),
    ...locations.flatMap((l) => l.regex?.names ?? []),
    ...own.flatMap((v) => v.defined),
  ];
  const unknown = used.find((v) => !nginxVariable(v, defined));
  if (unknown !== undefined) throw new ConfError(`unknown "${unknown}" variable`);
  /** A variable of `set`'s, which the engine always has (a value, or none). */
  const declared = (v: string) => own.some((o) => o.declared.includes(v.toLowerCase()));
  const check = (names: string[], what: string, at: { file: string; line: number }) => {
    for (const v of names) {
      const missing = declared(v) ? undefined : unevaluable(v, conf.maps, defined, evaluated);
      if (missing !== undefined) throw unsupported(`the variable "$${missing}" (used by ${what})`, at);
    }
  };
  for (const { name, what, at } of scripted) check([name], what, at);
  // Every header here is the conf's own, with its place (only nginx's defaults have none).
  for (const p of passes) check(variableNames(p.variables), '"proxy_pass"', p);
  for (const { name, what, at } of [...merged, ...paths, ...logged]) check([name], what, at);
}

/** The variable, or one a map makes it of, that the engine cannot evaluate; undefined when all can be. */
function unevaluable(name: string, maps: MapConf[], defined: string[], evaluated: EvaluatedVariables, seen = new Set<string>()): string | undefined {
  if (!knownVariable(name, defined, evaluated)) return name;
  const map = maps.find((m) => m.variable.toLowerCase() === name.toLowerCase());
  if (!map || seen.has(name)) return undefined;
  seen.add(name);
  for (const text of [map.source, ...mapValues(map)]) {
    for (const v of variableNames(text)) {
      const missing = unevaluable(v, maps, defined, evaluated, seen);
      if (missing !== undefined) return missing;
    }
  }
  return undefined;
}
