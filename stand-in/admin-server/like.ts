// MySQL's `col like concat('%', #{text}, '%')` under the tables' utf8_bin collation: case-sensitive,
// `%` and `_` are wildcards, a backslash makes the next character literal. The mappers' filters on
// names, order numbers and phones all use it.

/** A test of `value like '%<text>%'`; a plain text (the common case) is a substring search. */
export function containsLike(text: string): (value: string | null) => boolean {
  if (!/[%_\\]/.test(text)) return (value) => value !== null && value.includes(text);
  let source = '';
  let escaped = false;
  for (const ch of `%${text}%`) {
    if (escaped) source += escapeRegExp(ch);
    else if (ch === '\\') { escaped = true; continue; }
    else if (ch === '%') source += '[^]*';
    else if (ch === '_') source += '[^]';
    else source += escapeRegExp(ch);
    escaped = false;
  }
  if (escaped) source += '\\\\'; // a trailing escape character stands for itself
  const re = new RegExp(`^${source}$`, 'u');
  return (value) => value !== null && re.test(value);
}

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? '\\' + ch : ch;
}
