// A PCRE pattern of nginx.conf (ngx_regex_compile()) as a JavaScript RegExp: the syntax both read
// alike is taken, what JavaScript would read differently (or not at all) is refused, and a pattern
// PCRE itself refuses gets nginx's own `pcre2_compile() failed` line where the cause is the same.
import type { Directive } from './parse.js';
import { ConfError, unsupported } from './error.js';

/**
 * PCRE syntax JavaScript lacks or reads otherwise: inline options and atomic groups, possessive
 * quantifiers, \A \Z \z \G \K \Q \E \h \R \X, POSIX classes, named groups (nginx makes them variables).
 */
const FOREIGN_ESCAPE = /\\[AZzGKQEhHRXCvVpP]|\[:\w+:\]/;
const FOREIGN_GROUP_OR_QUANTIFIER = /\(\?(?![:=!]|<[=!]).|[*+?}]\+/;

export function compileRegex(source: string, caseless: boolean, d: Pick<Directive, 'file' | 'line'>): RegExp {
  const unescaped = source.replace(/\\\\/g, '');
  // Escaped characters and character classes aside, for groups and quantifiers.
  const bare = unescaped.replace(/\\./g, 'x').replace(/\[\^?\]?(?:[^\]])*\]/g, 'x');
  const foreign = FOREIGN_ESCAPE.exec(unescaped) ?? FOREIGN_GROUP_OR_QUANTIFIER.exec(bare);
  if (foreign) throw unsupported(`the PCRE syntax "${foreign[0]}" in "${source}"`, d);
  try {
    return new RegExp(source, caseless ? 'i' : '');
  } catch (e) {
    const missing = /Unterminated group|Unmatched '\)'/.exec((e as Error).message);
    if (missing?.[0] === 'Unterminated group') throw new ConfError(`pcre2_compile() failed: missing closing parenthesis in "${source}"`, d.file, d.line);
    throw unsupported(`the regular expression "${source}" (JavaScript: ${(e as Error).message})`, d);
  }
}
