// ngx_http_map_module's `map $source $variable { ... }` block (ngx_http_map_block()): exact keys,
// `hostnames` wildcards, `~` / `~*` regular expressions (their captures usable in the value),
// `default`, `volatile`; includes are read by the parser.
import { ConfError } from './error.js';
import type { Directive } from './parse.js';
import { addName, nameTable, type NameTable } from './names.js';
import { compileRegex } from './pcre.js';

export interface MapConf {
  source: string;
  variable: string;
  /** Each key's value, with `$variables` left in (evaluated per request). */
  table: NameTable<string>;
  /** undefined: no `default` line, an empty value. */
  defaultValue?: string;
  hostnames: boolean;
  /** `volatile`: evaluated each time it is used; otherwise once per request, then kept. */
  volatile: boolean;
}

export function buildMap(d: Directive): MapConf {
  if (!d.args[1].startsWith('$')) throw new ConfError(`invalid variable name "${d.args[1]}"`, d.file, d.line);
  const m: MapConf = { source: d.args[0], variable: d.args[1].slice(1), table: nameTable(), hostnames: false, volatile: false };
  for (const e of d.block!) {
    const [key, ...rest] = [e.name, ...e.args];
    if (rest.length === 0 && key === 'hostnames') m.hostnames = true;
    else if (rest.length === 0 && key === 'volatile') m.volatile = true;
    else if (rest.length !== 1) throw new ConfError('invalid number of the map parameters', e.file, e.line);
    else if (key === 'default') {
      if (m.defaultValue !== undefined) throw new ConfError('duplicate default map parameter', e.file, e.line);
      m.defaultValue = rest[0];
    } else if (key.startsWith('~')) {
      const caseless = key.startsWith('~*');
      m.table.regexes.push({ re: compileRegex(key.slice(caseless ? 2 : 1), caseless, e).re, value: rest[0] });
    } else {
      // ngx_hash_add_key() lowercases the key where it is: the messages show it so.
      const name = (key.startsWith('\\') ? key.slice(1) : key).toLowerCase();
      const added = addName(m.table, name, rest[0], m.hostnames);
      if (added === 'invalid') throw new ConfError(`invalid hostname or wildcard "${name}"`, e.file, e.line);
      if (added === 'busy') throw new ConfError(`conflicting parameter "${name}"`, e.file, e.line);
    }
  }
  return m;
}

/** Every value a map may take, for the variables they use. */
export function mapValues(m: MapConf): string[] {
  const t = m.table;
  return [...(m.defaultValue !== undefined ? [m.defaultValue] : []), ...t.exact.values(), ...t.head.values(), ...t.tail.values(), ...t.regexes.map((r) => r.value)];
}

/** The variables a regular expression's named groups set (`(?<sub>...)` or `(?P<sub>...)`: $sub). */
export function regexVariables(pattern: string): string[] {
  return [...pattern.matchAll(/\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((g) => g[1]);
}
