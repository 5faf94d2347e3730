// ngx_http_rewrite_module's directives: return, rewrite, set, break and if, compiled in conf order
// into each level's script (rlcf->codes: a server's runs before the location is chosen, a
// location's after), rewrite_log and uninitialized_variable_warn. A level's script is its own:
// nginx's merge never takes the outer level's codes (`own`: the loader leaves them behind). An `if`
// in a location has its own settings, the location's with the ones set inside it, which become
// the request's when it is true.
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { ANY, type At, type ConfModule, type LevelVariables, type SetContext } from '../../../nginx-conf/directive.js';
import { compileRegex, type CompiledRegex } from '../../../nginx-conf/pcre.js';
import { NGINX_PREFIXES, nginxVariable, variableNames } from '../../../nginx-conf/variables.js';
import { parseFlag } from '../../../nginx-conf/values.js';

/** An `if` condition (ngx_http_rewrite_if_condition()); `value` is a value with variables. */
export type Condition =
  | { kind: 'value'; value: string }
  | { kind: 'compare'; value: string; to: string; negate: boolean }
  | { kind: 'regex'; value: string; regex: CompiledRegex; source: string; negate: boolean }
  | { kind: 'file'; value: string; test: 'f' | 'd' | 'e' | 'x'; negate: boolean };

export type RewriteCode = { at: At } & (
  | {
      op: 'rewrite';
      regex: CompiledRegex;
      source: string;
      /** Without the `?` that ends it: that one drops the request's args (`addArgs` false). */
      replacement: string;
      addArgs: boolean;
      /** `redirect`, `permanent`, or a replacement that starts with http://, https:// or $scheme. */
      redirect?: 301 | 302;
      /** `last` and `break` end the script; `break` also keeps the location. */
      flag?: 'last' | 'break';
    }
  | { op: 'return'; status: number; text?: string }
  | { op: 'set'; name: string; value: string }
  | { op: 'break' }
  | {
      op: 'if';
      condition: Condition;
      body: RewriteCode[];
      /**
       * In a location: the settings made inside the `if` (`conf`, a copy of the location's
       * LocationConf as it was at the `if`, `before`): nginx merges them with the location's whole
       * settings. (`object`: this module does not know the core's settings' type.)
       */
      own?: { conf: object; before: object };
    }
);

export interface RewriteSettings {
  /** This level's script; absent where the level has no rewrite module directive. */
  rewrite?: RewriteCode[];
  /** rewrite_log: the [notice] lines of each rewrite and regex `if`. */
  rewriteLog: boolean;
  uninitializedVariableWarn: boolean;
}

const SL = ['server', 'location', 'sif', 'lif'] as const;
const at = (d: Directive): At => ({ file: d.file, line: d.line });
const script = (l: RewriteSettings) => (l.rewrite ??= []);
/** A replacement or `return` URL that is a redirect: ngx_http_rewrite() and ngx_http_rewrite_return(). */
const REDIRECT = /^(http:\/\/|https:\/\/|\$scheme)/;

/** ngx_http_rewrite_return(): `return code [text]`, `return code URL`, `return URL`. */
function compileReturn(d: Directive): RewriteCode {
  const [code, text] = d.args;
  const invalid = () => new ConfError(`invalid return code "${code}"`, d.file, d.line);
  if (/^\d+$/.test(code)) {
    const status = Number(code);
    if (status > 999) throw invalid();
    return { at: at(d), op: 'return', status, text };
  }
  if (d.args.length === 1 && REDIRECT.test(code)) return { at: at(d), op: 'return', status: 302, text: code };
  throw invalid();
}

/** ngx_http_rewrite(): `rewrite regex replacement [last | break | redirect | permanent]`. */
function compileRewrite(d: Directive): RewriteCode {
  const [source, given, flag] = d.args;
  if (given === '') throw new ConfError('empty replacement', d.file, d.line);
  const regex = compileRegex(source, false, d);
  const addArgs = !given.endsWith('?');
  const replacement = addArgs ? given : given.slice(0, -1);
  const code: RewriteCode = { at: at(d), op: 'rewrite', regex, source, replacement, addArgs };
  if (REDIRECT.test(replacement)) code.redirect = 302;
  if (flag === 'last' || flag === 'break') code.flag = flag;
  else if (flag === 'redirect') code.redirect = 302;
  else if (flag === 'permanent') code.redirect = 301;
  else if (flag !== undefined) throw new ConfError(`invalid parameter "${flag}"`, d.file, d.line);
  return code;
}

/** ngx_http_rewrite_set(): a variable of the conf's own; of nginx's, $args and the prefixed ones ($http_*, $cookie_*, ...) may be set. */
function compileSet(d: Directive): RewriteCode {
  const [variable, value] = d.args;
  if (!variable.startsWith('$')) throw new ConfError(`invalid variable name "${variable}"`, d.file, d.line);
  const name = variable.slice(1);
  // A prefixed one ($http_foo) set is that value for the rest of the request, the header's where it is not set: the request's own variables come first.
  if (name.toLowerCase() !== 'args' && !NGINX_PREFIXES.test(name.toLowerCase()) && nginxVariable(name, [])) {
    // $limit_rate is the one nginx's own a `set` may change (NGX_HTTP_VAR_CHANGEABLE, with a set_handler).
    if (name.toLowerCase() === 'limit_rate') return { at: at(d), op: 'set', name: 'limit_rate', value };
    throw new ConfError(`the duplicate "${name}" variable`, d.file, d.line);
  }
  // Names are case-insensitive (`set $Foo` sets $foo).
  return { at: at(d), op: 'set', name: name.toLowerCase(), value };
}

/** ngx_http_rewrite_if_condition(), with its errors: the `(` and `)` are parts of the first and last words. */
function compileCondition(d: Directive): Condition {
  const v = [...d.args];
  const invalid = (w: string) => new ConfError(`invalid condition "${w}"`, d.file, d.line);
  if (!v[0].startsWith('(')) throw invalid(v[0]);
  let cur = 0;
  if (v[0].length === 1) cur = 1;
  else v[0] = v[0].slice(1);
  let last = v.length - 1;
  if (!v[last].endsWith(')')) throw invalid(v[last]);
  if (v[last].length === 1) last--;
  else v[last] = v[last].slice(0, -1);
  const p = v[cur];
  if (p.length > 1 && p[0] === '$') {
    if (cur !== last && cur + 2 !== last) throw invalid(p);
    if (cur === last) return { kind: 'value', value: p };
    const op = v[cur + 1];
    const arg = v[last];
    if (op === '=' || op === '!=') return { kind: 'compare', value: p, to: arg, negate: op === '!=' };
    if (op === '~' || op === '~*' || op === '!~' || op === '!~*') {
      return { kind: 'regex', value: p, regex: compileRegex(arg, op.endsWith('*'), d), source: arg, negate: op[0] === '!' };
    }
    throw new ConfError(`unexpected "${op}" in condition`, d.file, d.line);
  }
  if (/^!?-.$/.test(p)) {
    if (cur + 1 !== last) throw invalid(p);
    const test = p[p.length - 1];
    if (test === 'f' || test === 'd' || test === 'e' || test === 'x') return { kind: 'file', value: v[last], test, negate: p[0] === '!' };
  }
  throw invalid(p);
}

/** ngx_http_rewrite_if(): the condition, then the block, whose rewrite directives join this level's script. */
function compileIf(l: RewriteSettings, d: Directive, c: SetContext): void {
  const condition = compileCondition(d);
  // nginx takes it inside an `if`; the engine opens its access logs from the locations alone.
  const log = d.block!.find((x) => x.name === 'access_log');
  if (log) throw unsupported('"access_log" inside "if"', log);
  const conf: RewriteSettings = { ...l, rewrite: [] };
  const before: RewriteSettings = { ...conf };
  c.nested(d.block!, c.ctx === 'server' ? 'sif' : 'lif', conf);
  const body = conf.rewrite!;
  conf.rewrite = before.rewrite = undefined;
  script(l).push({ at: at(d), op: 'if', condition, body, own: c.ctx === 'location' ? { conf, before } : undefined });
}

export const REWRITE: ConfModule<RewriteSettings> = {
  defaults: { rewriteLog: false, uninitializedVariableWarn: true },
  own: ['rewrite'],
  variables: scriptVariables,
  directives: {
    return: { ctx: SL, args: [1, 2], set: (l, d) => script(l).push(compileReturn(d)) },
    rewrite: { ctx: SL, args: [2, 3], set: (l, d) => script(l).push(compileRewrite(d)) },
    set: { ctx: SL, args: [2, 2], set: (l, d) => script(l).push(compileSet(d)) },
    break: { ctx: SL, args: [0, 0], set: (l, d) => script(l).push({ at: at(d), op: 'break' }) },
    if: { ctx: ['server', 'location'], args: [1, ANY], block: true, set: compileIf },
    rewrite_log: { ctx: ['http', ...SL], args: [1, 1], set: (l, d) => (l.rewriteLog = parseFlag(d)) },
    uninitialized_variable_warn: { ctx: ['http', ...SL], args: [1, 1], set: (l, d) => (l.uninitializedVariableWarn = parseFlag(d)) },
  },
};

/** Every code of a script, those inside its `if`s too. */
function* allCodes(codes: RewriteCode[] = []): Generator<RewriteCode> {
  for (const c of codes) {
    yield c;
    if (c.op === 'if') yield* allCodes(c.body);
  }
}

/** The names of a code's regex captures (`(?<name>...)`), which nginx makes variables. */
function codeCaptureNames(c: RewriteCode): string[] {
  if (c.op === 'rewrite') return c.regex.names;
  if (c.op === 'if' && c.condition.kind === 'regex') return c.condition.regex.names;
  return [];
}

/** The values of a code that may name variables. */
function codeValues(c: RewriteCode): string[] {
  switch (c.op) {
    case 'rewrite':
      return [c.replacement];
    case 'return':
      return c.text === undefined ? [] : [c.text];
    case 'set':
      return [c.value];
    case 'if':
      return c.condition.kind === 'compare' ? [c.condition.value, c.condition.to] : [c.condition.value];
    case 'break':
      return [];
  }
}

/** A level's script: the variables its values name, those its regexes' named captures and `set` make. */
function scriptVariables(l: RewriteSettings): LevelVariables {
  const codes = [...allCodes(l.rewrite)];
  const sets = codes.flatMap((c) => (c.op === 'set' ? [c.name] : []));
  return {
    used: codes.flatMap((c) => codeValues(c).flatMap((v) => variableNames(v).map((name) => ({ name, what: `"${c.op}"`, at: c.at })))),
    defined: [...codes.flatMap(codeCaptureNames), ...sets],
    declared: sets.filter((name) => name !== 'args'),
  };
}
