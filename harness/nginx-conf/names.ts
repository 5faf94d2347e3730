// Names found the way nginx finds a server_name or a map key: ngx_hash_find_combined() (the exact
// name, then the longest leading wildcard `*.example.com` / `.example.com`, then the longest
// trailing one `www.example.*`), then the regular expressions in the order given
// (ngx_http_regex_exec()). Exact and wildcard names are compared lowercased.
import { compileRegex } from './pcre.js';

export interface NameRegex<T> {
  re: RegExp;
  value: T;
}

export interface NameTable<T> {
  exact: Map<string, T>;
  /** `*.example.com` and `.example.com` by their suffix `example.com`. */
  head: Map<string, T>;
  /** `www.example.*` by its prefix `www.example`. */
  tail: Map<string, T>;
  regexes: NameRegex<T>[];
}

export function nameTable<T>(): NameTable<T> {
  return { exact: new Map(), head: new Map(), tail: new Map(), regexes: [] };
}

/** ngx_http_core_server_name(): a server name's regex is caseless when its pattern has a capital letter (even `\D`). */
export const serverNameRegex = (pattern: string, at: { file: string; line: number }) => compileRegex(pattern, /[A-Z]/.test(pattern), at).re;

/**
 * ngx_hash_add_key() for a name, with wildcards when `wildcards` (server_name, map's `hostnames`):
 * `busy` when the name is taken already (the first keeps it), `invalid` for a misplaced `*`.
 */
export function addName<T>(t: NameTable<T>, name: string, value: T, wildcards: boolean): 'ok' | 'busy' | 'invalid' {
  const key = name.toLowerCase();
  const put = (m: Map<string, T>, k: string) => (m.has(k) ? 'busy' : (m.set(k, value), 'ok'));
  if (wildcards) {
    if (key.startsWith('*.') && !key.slice(2).includes('*')) return put(t.head, key.slice(2));
    if (key.endsWith('.*') && !key.slice(0, -2).includes('*')) return put(t.tail, key.slice(0, -2));
    // `.example.com`: example.com itself and every name under it.
    if (key.startsWith('.') && key.length > 1 && !key.includes('*')) {
      const exact = put(t.exact, key.slice(1));
      return exact === 'ok' ? put(t.head, key.slice(1)) : exact;
    }
    if (key.includes('*')) return 'invalid';
  }
  return put(t.exact, key);
}

/** The value for `name`, and the regex match that found it (its captures), if one did. */
export function findName<T>(t: NameTable<T>, name: string): { value: T; match?: RegExpExecArray } | undefined {
  const key = name.toLowerCase();
  const exact = t.exact.get(key);
  if (exact !== undefined) return { value: exact };
  if (t.head.size) {
    // The longest suffix first: a.b.example.com tries b.example.com, then example.com, then com.
    for (let i = key.indexOf('.'); i >= 0; i = key.indexOf('.', i + 1)) {
      const v = t.head.get(key.slice(i + 1));
      if (v !== undefined) return { value: v };
    }
  }
  if (t.tail.size) {
    for (let i = key.lastIndexOf('.'); i > 0; i = key.lastIndexOf('.', i - 1)) {
      const v = t.tail.get(key.slice(0, i));
      if (v !== undefined) return { value: v };
    }
  }
  for (const r of t.regexes) {
    const match = r.re.exec(name);
    if (match) return { value: r.value, match };
  }
  return undefined;
}
