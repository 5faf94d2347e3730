// nginx.conf to a tree of directives, the way ngx_conf_read_token() and ngx_conf_parse() read it:
// words, '…' and "…" strings with nginx's escapes, `#` comments, `;`, `{ … }`, and `include`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, basename } from 'node:path';
import { createRequire } from 'node:module';
import { ConfError } from './error.js';

// picomatch loads with the first `include` that has a glob: 3 ms that most confs, and every
// worker's start, do without.
let loaded: typeof import('picomatch') | undefined;
const picomatch = () => (loaded ??= createRequire(import.meta.url)('picomatch') as typeof import('picomatch'));

export interface Directive {
  name: string;
  args: string[];
  file: string;
  line: number;
  /** Present for block directives (`http { … }`). */
  block?: Directive[];
  /** For a block directive: the offset of its `{` in the file's text (latin1: one char per byte). */
  open?: number;
  /** For a block directive: the line of its `}` (where nginx reports what it finds merging the block). */
  closeLine?: number;
  /** Where each argument is in the file's text, as written (quotes included): to rewrite one in place. */
  spans?: [start: number, end: number][];
}

interface Token {
  kind: 'word' | ';' | '{' | '}' | 'eof';
  text: string;
  line: number;
  /** Where `;`, `{` or `}` is in the text; where a word starts. */
  offset?: number;
  /** Where a word ends, as written. */
  end?: number;
}

function unescape(s: string): string {
  return s.replace(/\\(["'\\tnr])/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c);
}

function* tokens(text: string, file: string): Generator<Token> {
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === ';' || c === '{' || c === '}') {
      yield { kind: c, text: c, line, offset: i };
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = line;
      const from = i;
      let j = i + 1;
      let s = '';
      while (j < n && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < n) {
          s += text[j] + text[j + 1];
          j += 2;
          continue;
        }
        if (text[j] === '\n') line++;
        s += text[j++];
      }
      if (j >= n) throw new ConfError('unexpected end of file, expecting ";" or "}"', file, line);
      i = j + 1;
      const next = text[i];
      if (next !== undefined && !/[\s;{)]/.test(next)) throw new ConfError(`unexpected "${next}"`, file, line);
      yield { kind: 'word', text: unescape(s), line: start, offset: from, end: i };
      continue;
    }
    let j = i;
    let s = '';
    // ngx_conf_read_token(): only a space, `;` or `{` ends a word; a `}` inside one is part of it
    // (`location ~ \d{2}$` is a block that starts at its `{`, then the word `2}$`).
    while (j < n && !/[\s;{]/.test(text[j])) {
      // `${var}` may hold no braces of its own, so `{` only ends a word outside `${`.
      if (text[j] === '$' && text[j + 1] === '{') {
        const close = text.indexOf('}', j);
        if (close < 0) throw new ConfError('unexpected end of file, expecting "}"', file, line);
        s += text.slice(j, close + 1);
        j = close + 1;
        continue;
      }
      if (text[j] === '\\' && j + 1 < n) {
        s += text[j] + text[j + 1];
        j += 2;
        continue;
      }
      s += text[j++];
    }
    yield { kind: 'word', text: unescape(s), line, offset: i, end: j };
    i = j;
  }
  yield { kind: 'eof', text: '', line };
}

/** The directives of an `include` at `from`; by default nginx's rules (readInclude). */
export type IncludeReader = (pattern: string, confPrefix: string, from: { file: string; line: number }) => Directive[];

/** Reads a conf file and everything it includes. `confPrefix` resolves relative includes (nginx: the conf file's directory). */
export function parseConfFile(file: string, confPrefix = dirname(file), includedFrom?: { file: string; line: number }, include: IncludeReader = readInclude): Directive[] {
  let text: string;
  try {
    text = readFileSync(file, 'latin1');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // The main file's failure names no place (nginx has no file to name yet); an include's names the include.
    const err = new ConfError(`open() "${file}" failed`, includedFrom?.file, includedFrom?.line);
    err.openedFile = file;
    // Windows tells a missing folder (3) from a missing file (2).
    err.errnoName = code === 'EACCES' ? 'EACCES' : existsSync(dirname(file)) ? 'ENOENT_FILE' : 'ENOENT_PATH';
    throw err;
  }
  return parseConfText(text, file, confPrefix, include);
}

export function parseConfText(text: string, file: string, confPrefix = dirname(file), include: IncludeReader = readInclude): Directive[] {
  const it = tokens(text, file);
  const top = readBlock(it, file, confPrefix, false, include);
  return top;
}

/** nginx's include: the files the pattern names (a glob, relative to the conf prefix), each read whole. */
export function readInclude(pattern: string, confPrefix: string, from: { file: string; line: number }): Directive[] {
  return expandInclude(pattern, confPrefix, from.file, from.line).flatMap((inc) => parseConfFile(inc, confPrefix, from));
}

function readBlock(it: Generator<Token>, file: string, confPrefix: string, inBlock: boolean, include: IncludeReader, onClose?: (line: number) => void): Directive[] {
  const out: Directive[] = [];
  let words: Token[] = [];
  for (;;) {
    const t = it.next().value as Token;
    if (t.kind === 'eof') {
      if (words.length) throw new ConfError('unexpected end of file, expecting ";" or "}"', file, t.line);
      if (inBlock) throw new ConfError('unexpected end of file, expecting "}"', file, t.line);
      return out;
    }
    if (t.kind === 'word') {
      words.push(t);
      continue;
    }
    if (t.kind === '}') {
      if (words.length) throw new ConfError('unexpected "}"', file, t.line);
      if (!inBlock) throw new ConfError('unexpected "}"', file, t.line);
      onClose?.(t.line);
      return out;
    }
    if (!words.length) throw new ConfError(`unexpected "${t.kind}"`, file, t.line);
    const [name, ...args] = words.map((w) => w.text);
    const d: Directive = { name, args, file, line: t.line, spans: words.slice(1).map((w) => [w.offset!, w.end!]) };
    words = [];
    if (t.kind === '{') {
      d.open = t.offset;
      d.block = readBlock(it, file, confPrefix, true, include, (line) => (d.closeLine = line));
      out.push(d);
      continue;
    }
    if (name === 'include') {
      if (args.length !== 1) throw new ConfError('invalid number of arguments in "include" directive', file, t.line);
      out.push(...include(args[0], confPrefix, { file, line: t.line }));
      continue;
    }
    out.push(d);
  }
}

/** An `include` pattern's last part, by glob(3)'s rules: `*`, `?` and `[a-z]`, a leading dot only when the pattern has one. */
export function includeNameMatcher(name: string): (file: string) => boolean {
  return picomatch()(name, { dot: false, nobrace: true, noextglob: true });
}

export function expandInclude(pattern: string, confPrefix: string, file: string, line: number): string[] {
  const full = isAbsolute(pattern) ? pattern : join(confPrefix, pattern);
  if (!/[*?[]/.test(full)) return [full];
  const dir = dirname(full);
  const matches = includeNameMatcher(basename(full));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new ConfError(`glob() "${full}" failed`, file, line);
  }
  return names
    .filter((n) => matches(n))
    .sort()
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile());
}
