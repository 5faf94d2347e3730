// A PCRE pattern in JavaScript: PCRE's meaning where JS reads the same text otherwise.
import { test, expect } from '@playwright/test';
import { compileRegex } from './pcre.js';

const at = { file: '/conf/nginx.conf', line: 7 };
const matches = (pattern: string, s: string, caseless = false) => compileRegex(pattern, caseless, at).re.test(s);
const refusal = (pattern: string) => {
  try {
    compileRegex(pattern, false, at);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
};

test('PCRE\'s `$` also matches before a last newline, `.` matches \\r, `\\s` is ASCII only', () => {
  expect(matches('\\.php$', '/x.php\n')).toBe(true);
  expect(matches('\\.php$', '/x.php\n\n')).toBe(false);
  expect(matches('\\.php\\z', '/x.php\n')).toBe(false);
  expect(matches('^/a.b$', '/a\rb')).toBe(true);
  expect(matches('^/a.b$', '/a\nb')).toBe(false);
  expect(matches('^/a\\sb$', '/a\xa0b')).toBe(false);
  expect(matches('^/a[\\s]b$', '/a\tb')).toBe(true);
  expect(matches('^/[]a]$', '/]')).toBe(true);
});

test('a leading (?i) makes the whole pattern caseless; named captures come back by name', () => {
  expect(matches('(?i)^/API/', '/api/x')).toBe(true);
  const { re, names } = compileRegex('^/(?P<first>[a-z]+)/(?<second>\\d+)', false, at);
  expect(names).toEqual(['first', 'second']);
  expect(re.exec('/blog/42')?.groups).toEqual({ first: 'blog', second: '42' });
});

test('\\Q...\\E quotes its text, to the end without \\E; a lone \\E is nothing', () => {
  expect(matches('^/\\Qa.b(\\E+$', '/a.b((')).toBe(true);
  expect(matches('^/\\Qa.b\\E$', '/axb')).toBe(false);
  expect(matches('^/\\Q[x]$', '/[x]$')).toBe(true);
  expect(matches('^/a\\Eb$', '/ab')).toBe(true);
});

test('what JS reads another way is refused, naming it', () => {
  const tail = ' are not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in /conf/nginx.conf:7';
  expect(refusal('^/\\p{Han}')).toBe('the property "\\p{Han}" (general categories only) in the regular expression "^/\\p{Han}"' + tail);
  expect(refusal('^/a++')).toBe('possessive quantifiers in the regular expression "^/a++"' + tail);
  expect(refusal('(?>a)')).toBe('the group "(?>" in the regular expression "(?>a)"' + tail);
  expect(refusal('^/a(?i)b')).toBe('the group "(?i" in the regular expression "^/a(?i)b"' + tail);
  expect(refusal('é')).toBeUndefined();
  expect(() => compileRegex('é', true, at)).toThrow('non-ASCII characters with a caseless match (PCRE folds ASCII letters only) in the regular expression "é"');
});

test('\\p{..} and \\P{..}: general categories, of a byte as nginx matches without UTF (latin1 here)', () => {
  expect(matches('^www\\p{N}+$', 'www12\xb2')).toBe(true);
  expect(matches('^www\\p{N}+$', 'wwwx')).toBe(false);
  expect(matches('^\\pL\\P{L}$', 'a1')).toBe(true);
  expect(matches('^\\p{^N}$', '1')).toBe(false);
  expect(matches('^[\\p{Lu}_]+$', 'A_\xc9')).toBe(true);
  expect(matches('^\\p{L&}$', '\xaa')).toBe(false);
  // Under JS's `u`, an escaped `-` or `"` outside a class is an error: it is written by its code.
  expect(matches('^a\\-\\"\\p{N}{2}}$', 'a-"12}')).toBe(true);
  // Case-folded \p{Lu} would match lower case in JS; PCRE2's caseless match leaves it alone.
  expect(() => compileRegex('^\\p{Lu}', true, at)).toThrow('the property "\\p{Lu}" with a caseless match');
  expect(matches('^WWW\\p{N}$', 'www1', true)).toBe(true);
});
