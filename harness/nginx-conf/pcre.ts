// A PCRE pattern (a location's, a rewrite's, a server_name's, a map key's) as a JavaScript RegExp of the same meaning (ngx_http_regex_compile()
// with PCRE2, as Debian builds nginx 1.22.1): what translates exactly is translated, what JS reads
// otherwise is refused, and the errors nginx reports most often get pcre2_compile()'s own words.
import { ConfError, unsupported } from './error.js';

export interface CompiledRegex {
  re: RegExp;
  /** The named captures, which nginx makes variables ($name). */
  names: string[];
}

/** PCRE2's `\s` (no \v before 10.x, with it since; Debian's 10.42 has it), ASCII only as nginx uses it (no UCP). */
const SPACE = '\\t\\n\\v\\f\\r ';

/**
 * `pattern` as nginx compiles it: `caseless` for `~*` (and every regex of a caseless filesystem's
 * build, NGX_HAVE_CASELESS_FILESYSTEM: the caller gives the flag). Throws nginx's
 * `pcre2_compile() failed: ...` for the errors it words, `unsupported()` for PCRE syntax that JS
 * lacks or reads another way.
 */
export function compileRegex(pattern: string, caseless: boolean, at: { file: string; line: number }): CompiledRegex {
  const fail = (what: string, offset: number) =>
    new ConfError(`pcre2_compile() failed: ${what} in "${pattern}"${offset < pattern.length ? ` at "${pattern.slice(offset)}"` : ''}`, at.file, at.line);
  const refuse = (what: string) => unsupported(`${what} in the regular expression "${pattern}"`, at, true);
  let out = '';
  let i = 0;
  // A leading (?i) is the whole pattern's option; anywhere else it would change a part of it only.
  if (pattern.startsWith('(?i)')) {
    caseless = true;
    i = 4;
  }
  if (caseless && /[^\x00-\x7f]|\\x[89a-fA-F]/.test(pattern)) throw refuse('non-ASCII characters with a caseless match (PCRE folds ASCII letters only)');
  // \p{..} needs JS's `u` flag, under which an escaped character that is not syntax is an error.
  const unicode = /(?:^|[^\\])(?:\\\\)*\\[pP]/.test(pattern);
  const esc = (j: number, inClass: boolean) => escape(pattern, j, { inClass, unicode, caseless }, refuse);
  const names: string[] = [];
  let depth = 0;
  /** Whether the last item may take a quantifier (not at a start, after `|`, or after a quantifier). */
  let repeatable = false;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\' && (pattern[i + 1] === 'Q' || pattern[i + 1] === 'E')) {
      // \Q...\E quotes its text (to the pattern's end without \E); a lone \E is nothing.
      const end = pattern[i + 1] === 'E' ? i : pattern.indexOf('\\E', i + 2);
      const literal = pattern.slice(i + 2, end < 0 ? pattern.length : end);
      out += literal.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
      i = end < 0 ? pattern.length : end + 2;
      if (literal) repeatable = true;
      continue;
    }
    if (c === '\\') {
      if (i + 1 === pattern.length) throw fail('\\ at end of pattern', pattern.length);
      // A backreference to a group the pattern lacks is PCRE's error; JS reads it as an octal escape.
      if (/[1-9]/.test(pattern[i + 1]) && Number(pattern[i + 1]) > groups(pattern)) throw fail('reference to non-existent subpattern', i + 1);
      out += esc(i, false);
      i += escapeLength(pattern, i);
      repeatable = true;
      continue;
    }
    if (c === '[') {
      const end = charClass(pattern, i, esc, refuse, fail);
      if (end.close < 0) throw fail('missing terminating ] for character class', pattern.length);
      out += end.text;
      i = end.close + 1;
      repeatable = true;
      continue;
    }
    if (c === '(') {
      const rest = pattern.slice(i);
      let open = '(';
      if (rest.startsWith('(?')) {
        if (/^\(\?P?<\d/.test(rest)) throw fail('subpattern name must start with a non-digit', i + rest.indexOf('<') + 1);
        const named = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
        if (named) {
          if (names.includes(named[1])) throw fail('two named subpatterns have the same name (PCRE2_DUPNAMES not set)', i + named[0].length);
          names.push(named[1]);
          open = `(?<${named[1]}>`;
        } else if (/^\(\?[:=!]/.test(rest)) open = rest.slice(0, 3);
        else if (/^\(\?<[=!]/.test(rest)) throw refuse('lookbehind assertions (PCRE wants them of a fixed length, JS does not)');
        else throw refuse(`the group "${rest.slice(0, 3)}"`);
      }
      out += open;
      i += open.length + (open.startsWith('(?<') && rest.startsWith('(?P') ? 1 : 0);
      depth++;
      repeatable = false;
      continue;
    }
    if (c === ')') {
      if (--depth < 0) throw fail('unmatched closing parenthesis', i);
      out += c;
      i++;
      repeatable = true;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})/.exec(pattern.slice(i));
    if (quantifier) {
      if (!repeatable) throw fail('quantifier does not follow a repeatable item', i);
      i += quantifier[0].length;
      out += quantifier[0];
      if (pattern[i] === '+') throw refuse('possessive quantifiers');
      if (pattern[i] === '?') out += pattern[i++];
      repeatable = false;
      continue;
    }
    // PCRE's `.` leaves out only \n (JS's also \r, U+2028, U+2029); its `$` matches before a last \n too.
    if (c === '.') out += '[^\\n]';
    else if (c === '$') out += '(?=\\n?$)';
    // Literal in PCRE where they do not close or make a quantifier; JS's `u` wants them escaped.
    else if (c === ']' || c === '{' || c === '}') out += '\\' + c;
    else out += c;
    repeatable = c !== '|' && c !== '^' && c !== '$';
    i++;
  }
  if (depth > 0) throw fail('missing closing parenthesis', pattern.length);
  try {
    return { re: new RegExp(out, (caseless ? 'i' : '') + (unicode ? 'u' : '')), names };
  } catch (e) {
    throw refuse(`what JavaScript cannot compile (${(e as Error).message})`);
  }
}

/**
 * PCRE2's general categories, which JS's `\p{..}` names alike. Strings here are latin1 (a char per
 * byte), and nginx compiles without PCRE2_UTF: a byte's property is its Latin-1 code point's in
 * both. PCRE's `L&` is JS's `LC`.
 */
const CATEGORIES = new Set(['C', 'Cc', 'Cf', 'Cn', 'Co', 'Cs', 'L', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'M', 'Mc', 'Me', 'Mn', 'N', 'Nd', 'Nl', 'No', 'P', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'S', 'Sc', 'Sk', 'Sm', 'So', 'Z', 'Zl', 'Zp', 'Zs', 'L&', 'Any']);
/** Under JS's `iu`, these match both cases; PCRE2 10.42's caseless match leaves \p alone. */
const CASED = new Set(['Ll', 'Lt', 'Lu', 'L&']);

/** The length of the escape at `i`: `\xHH`, `\pL`, `\p{Name}`, or two. */
function escapeLength(p: string, i: number): number {
  if (p[i + 1] === 'x') return 4;
  if (p[i + 1] !== 'p' && p[i + 1] !== 'P') return 2;
  if (p[i + 2] !== '{') return 3;
  const close = p.indexOf('}', i + 3);
  return close < 0 ? p.length - i : close + 1 - i;
}

/** `\p{Name}`, `\p{^Name}`, `\pL` and the `\P` forms at `i`: JS's `\p{..}` of the same meaning, or refused. */
function property(p: string, i: number, o: EscapeOptions, refuse: (what: string) => ConfError): string {
  const text = p.slice(i, i + escapeLength(p, i));
  let name = text[2] === '{' ? text.slice(3, -1) : text[2] ?? '';
  let negate = text[1] === 'P';
  if (name.startsWith('^')) {
    negate = !negate;
    name = name.slice(1);
  }
  if (!text.endsWith('}') && text[2] === '{') throw refuse(`the escape "${text}"`);
  if (!CATEGORIES.has(name)) throw refuse(`the property "${text}" (general categories only)`);
  if (o.caseless && CASED.has(name)) throw refuse(`the property "${text}" with a caseless match`);
  return `\\${negate ? 'P' : 'p'}{${name === 'L&' ? 'LC' : name}}`;
}

interface EscapeOptions {
  inClass: boolean;
  /** The RegExp has the `u` flag. */
  unicode: boolean;
  caseless: boolean;
}

/** `\x` at `i`, in a class or not: the JS for it, or refused where JS reads it otherwise. */
function escape(p: string, i: number, o: EscapeOptions, refuse: (what: string) => ConfError): string {
  const { inClass } = o;
  const c = p[i + 1];
  if (c === undefined) throw refuse('a "\\" at the end');
  if (c === 's') return inClass ? SPACE : `[${SPACE}]`;
  if (c === 'S' && !inClass) return `[^${SPACE}]`;
  if (c === 'x' && /^[0-9A-Fa-f]{2}$/.test(p.slice(i + 2, i + 4))) return p.slice(i, i + 4);
  if (c === 'p' || c === 'P') return property(p, i, o, refuse);
  if ('dDwWbBnrtfv123456789'.includes(c)) return '\\' + c;
  if (!inClass && c === 'A') return '^';
  if (!inClass && c === 'z') return '$';
  if (!inClass && c === 'Z') return '(?=\\n?$)';
  // Any other character escaped is itself in both, but a letter or digit is PCRE's own escape.
  if (/[A-Za-z0-9]/.test(c)) throw refuse(`the escape "\\${c}"`);
  // Under `u`, JS allows only syntax characters escaped: any other is written by its code.
  if (o.unicode && !/[\^$\\.*+?()[\]{}|/]/.test(c)) return '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0');
  return '\\' + c;
}

/** The capturing groups of a pattern (escapes and classes aside, roughly: enough for a backreference's check). */
function groups(p: string): number {
  return (p.replace(/\\./g, '').replace(/\[(?:\\.|[^\]])*\]/g, '').match(/\((?!\?)|\(\?P?<[A-Za-z_]/g) ?? []).length;
}

/** A `[...]` class from `i`: its JS text and the index of its `]` (-1: none). */
function charClass(
  p: string,
  i: number,
  escape: (j: number, inClass: boolean) => string,
  refuse: (what: string) => ConfError,
  fail: (what: string, offset: number) => ConfError,
): { text: string; close: number } {
  let text = '[';
  let j = i + 1;
  if (p[j] === '^') text += p[j++];
  // A `]` first is a member in PCRE; JS would end the class there.
  if (p[j] === ']') {
    text += '\\]';
    j++;
  }
  while (j < p.length && p[j] !== ']') {
    if (p[j] === '[' && p[j + 1] === ':') throw refuse('POSIX classes ("[:name:]")');
    if (p[j] === '\\') {
      const shorthand = 'dDwWsS'.includes(p[j + 1]);
      text += escape(j, true);
      j += escapeLength(p, j);
      // `[\w-.]`: a class shorthand cannot start a range (JS takes the `-` as itself).
      if (shorthand && p[j] === '-' && p[j + 1] !== ']' && j + 1 < p.length) throw fail('invalid range in character class', j);
      continue;
    }
    if (p[j + 1] === '-' && p[j + 2] !== undefined && p[j + 2] !== ']' && p[j + 2] !== '\\' && p[j + 2] !== '[' && p[j + 2] < p[j]) throw fail('range out of order in character class', j + 2);
    text += p[j++];
  }
  return { text: text + ']', close: j < p.length ? j : -1 };
}
