// The SSI commands (ngx_http_ssi_commands[]: include, echo, config, set, if, elif, else, endif,
// block, endblock), their parameters' checks and nginx's [error] lines, and the evaluation of a
// parameter's `$variables` (ngx_http_ssi_evaluate_string()).
import type { HttpRequest } from '../../request.js';
import { variableValue } from '../../variable-values.js';
import { subrequest } from '../../subrequest.js';
import { compileRegex } from '../../../nginx-conf/pcre.js';
import { sharedOf, type SsiPage } from './state.js';

/** ngx_http_ssi_body_filter()'s answers of a command: done, or ssi_error (the errmsg goes out). */
export type CommandResult = 'ok' | 'error';

type Params = Record<string, string | undefined>;

interface Command {
  params: readonly string[];
  mandatory?: readonly string[];
  /** NGX_HTTP_SSI_COND_IF (1), NGX_HTTP_SSI_COND_ELSE (2): where it may stand; 0: anywhere, and not run in an if's other branch. */
  conditional?: number;
  /** It ends a block (runs while the block is recorded). */
  block?: boolean;
  run(page: SsiPage, p: Params, name: string): CommandResult;
}

/** NGX_HTTP_SSI_MAX_PARAMS. */
const MAX_PARAMS = 16;

const COMMANDS: Record<string, Command> = {
  include: { params: ['virtual', 'file', 'wait', 'set', 'stub'], run: include },
  echo: { params: ['var', 'default', 'encoding'], mandatory: ['var'], run: echo },
  config: {
    params: ['errmsg', 'timefmt'],
    run: (page, p) => {
      if (p.timefmt !== undefined) page.timefmt = p.timefmt;
      if (p.errmsg !== undefined) page.errmsg = p.errmsg;
      return 'ok';
    },
  },
  set: { params: ['var', 'value'], mandatory: ['var', 'value'], run: set },
  if: { params: ['expr'], mandatory: ['expr'], run: ifCommand },
  elif: { params: ['expr'], mandatory: ['expr'], conditional: 1, run: ifCommand },
  else: {
    params: [],
    conditional: 1,
    run: (page) => {
      page.output = !page.outputChosen;
      page.conditional = 2;
      return 'ok';
    },
  },
  endif: {
    params: [],
    conditional: 2,
    run: (page) => {
      page.output = true;
      page.outputChosen = false;
      page.conditional = 0;
      return 'ok';
    },
  },
  block: {
    params: ['name'],
    mandatory: ['name'],
    run: (page, p) => {
      sharedOf(page.req).blocks.set(p.name!, '');
      page.block = p.name;
      page.output = false;
      return 'ok';
    },
  },
  endblock: {
    params: [],
    block: true,
    run: (page) => {
      page.output = true;
      page.block = undefined;
      return 'ok';
    },
  },
};

/**
 * An [error] line of the page's, and ssi_error. It is written while the answer is sent; once the
 * parsing waited for an include, nginx goes on from its posted requests, with no action to name.
 */
export function fail(page: SsiPage, message: string): CommandResult {
  page.req.logError('error', message, { action: page.req.action ?? (page.resumed ? undefined : 'sending response to client') });
  return 'error';
}

/** One command, as the body filter runs it: its context and parameters checked, then its handler. */
export function runCommand(page: SsiPage, name: string, given: [string, string][]): CommandResult {
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!cmd) return page.output ? fail(page, `invalid SSI command: "${name}"`) : 'ok';
  if (!page.output && !cmd.block) {
    // In a block, a command is kept as its text, for the include that shows the block.
    if (page.block !== undefined) {
      page.recordBlock(`<!--#${name}${given.map(([k, v]) => ` ${k}="${v}"`).join('')} -->`);
      return 'ok';
    }
    if (!cmd.conditional) return 'ok';
  }
  if (cmd.conditional && (page.conditional === 0 || page.conditional > cmd.conditional)) return fail(page, `invalid context of SSI command: "${name}"`);
  if (given.length > MAX_PARAMS) return fail(page, `too many SSI command parameters: "${name}"`);
  const p: Params = {};
  for (const [key, value] of given) {
    if (!cmd.params.includes(key)) return fail(page, `invalid parameter name: "${key}" in "${name}" SSI command`);
    if (p[key] !== undefined) return fail(page, `duplicate "${key}" parameter in "${name}" SSI command`);
    p[key] = value;
  }
  for (const key of cmd.mandatory ?? []) if (p[key] === undefined) return fail(page, `mandatory "${key}" parameter is absent in "${name}" SSI command`);
  return cmd.run(page, p, name);
}

/** An SSI variable: a capture of the last `if`'s regex ($1), or one `set` or `include set=` gave. */
function ssiVariable(req: HttpRequest, name: string): string | undefined {
  const shared = sharedOf(req);
  if (/^[0-9]$/.test(name) && Number(name) < shared.captures.length) return shared.captures[Number(name)];
  return shared.variables.get(name);
}

/** ngx_http_get_variable(): a capture the last regex did not make ($1 with none) is not found. */
function nginxVariable(req: HttpRequest, name: string): string | undefined {
  if (/^[1-9]$/.test(name) && Number(name) >= req.captures.length) return undefined;
  return variableValue(req, name);
}

/** A backslash quotes `\`, `'`, `"` and `$`; before anything else it stays. */
function unquote(text: string): string {
  return text.replace(/\\([\s\S])/g, (_m, ch: string) => ("\\'\"$".includes(ch) ? ch : '\\' + ch));
}

/**
 * ngx_http_ssi_evaluate_string(): `$name` and `${name}` replaced by the SSI variable or nginx's
 * (nothing where neither has one), escapes read; `addPrefix`: a relative result gets the
 * directory of the request's URI. Undefined: the [error] was written.
 */
function evaluate(page: SsiPage, text: string, addPrefix = false): string | undefined {
  const req = page.req;
  const parts: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '$') {
      // Text up to an unquoted `$`.
      let j = i;
      while (j < text.length && text[j] !== '$') j += text[j] === '\\' ? 2 : 1;
      parts.push(unquote(text.slice(i, Math.min(j, text.length))));
      i = j;
      continue;
    }
    const bracket = text[i + 1] === '{';
    const m = /^[A-Za-z0-9_]*/.exec(text.slice(i + (bracket ? 2 : 1)))!;
    const name = m[0];
    i += (bracket ? 2 : 1) + name.length;
    if (bracket) {
      if (text[i] !== '}') return fail(page, `the closing bracket in "${text.slice(text.lastIndexOf('{', i) + 1)}" variable is missing`), undefined;
      i++;
    }
    if (!name) return fail(page, `invalid variable name in "${text}"`), undefined;
    const key = name.toLowerCase();
    parts.push(ssiVariable(req, key) ?? nginxVariable(req, key) ?? '');
  }
  let value = parts.join('');
  const first = parts.find((s) => s.length);
  if (addPrefix && first !== undefined && !first.startsWith('/')) value = req.uri.uri.slice(0, req.uri.uri.lastIndexOf('/') + 1) + value;
  return value;
}

/** ngx_http_parse_unsafe_uri(): the path (decoded) and its arguments, or undefined for a `..` or a NUL in it. */
function safeUri(uri: string): { uri: string; args: string } | undefined {
  const q = uri.indexOf('?');
  const path = (q < 0 ? uri : uri.slice(0, q)).replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  if (path.includes('\0') || /(?:^|\/)\.\.(?:\/|$)/.test(path)) return undefined;
  return { uri: path, args: q < 0 ? '' : uri.slice(q + 1) };
}

/** ngx_http_ssi_include(): a subrequest whose output takes the command's place, or fills a variable (`set`), or a block stands in (`stub`). */
function include(page: SsiPage, p: Params): CommandResult {
  const { virtual, file, set, stub } = p;
  if (virtual !== undefined && file !== undefined) return fail(page, `inclusion may be either virtual="${virtual}" or file="${file}"`);
  if (virtual === undefined && file === undefined) return fail(page, 'no parameter in "include" SSI command');
  if (set !== undefined && stub !== undefined) return fail(page, '"set" and "stub" cannot be used together in "include" SSI command');
  let wait = false;
  if (p.wait !== undefined) {
    if (virtual === undefined) return fail(page, `"wait" cannot be used with file="${file}"`);
    if (/^yes$/i.test(p.wait)) wait = true;
    else if (!/^no$/i.test(p.wait)) return fail(page, `invalid value "${p.wait}" in the "wait" parameter`);
  }
  // A file= include is always waited for.
  if (virtual === undefined) wait = true;
  const evaluated = evaluate(page, (virtual ?? file)!, true);
  if (evaluated === undefined) return 'error';
  const target = safeUri(evaluated);
  if (!target) return fail(page, `unsafe URI "${evaluated}" was detected`);
  const shared = sharedOf(page.req);
  const stubText = stub === undefined ? undefined : shared.blocks.get(stub);
  if (stub !== undefined && stubText === undefined) return fail(page, `"stub"="${stub}" for "include" not found`);
  const setName = set?.toLowerCase();
  if (setName !== undefined && ssiVariable(page.req, setName) === undefined) shared.variables.set(setName, '');
  const part = page.include(wait || setName !== undefined);
  // With set= or stub=, the output is held until the subrequest is done.
  const held: Buffer[] | undefined = setName !== undefined || stubText !== undefined ? [] : undefined;
  const sink = {
    write: (b: Buffer) => {
      if (held) held.push(b);
      else {
        part.chunks.push(b);
        page.included(part);
      }
    },
    done: (sr: HttpRequest) => {
      // ngx_http_ssi_set_variable(): the answer in memory, unless an error's; ngx_http_ssi_stub_output(): the block when there was no output, or an error.
      if (setName !== undefined) {
        if (sr.status < 300 && held!.length) shared.variables.set(setName, Buffer.concat(held!).toString('latin1'));
      } else if (stubText !== undefined) part.chunks.push(...(sr.specialAnswer || !held!.length ? [Buffer.from(stubText, 'latin1')] : held!));
      part.done = true;
      page.included(part);
    },
  };
  // Posted, as ngx_http_subrequest() posts it: it runs once the parent's filter has returned.
  process.nextTick(() => subrequest(page.req, target.uri, target.args, sink));
  return 'ok';
}

/** ngx_escape_uri(NGX_ESCAPE_HTML): a space, `#`, `%`, `?`, controls and bytes above 0x7e. */
const escapeUrl = (s: string) => s.replace(/[\x00-\x20#%?\x7f-\xff]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
/** ngx_escape_html(). */
const escapeEntity = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** ngx_http_ssi_echo(): the variable's value, `default` or `(none)`, in the page's encoding (`encoding` changes it for the rest of the page). */
function echo(page: SsiPage, p: Params): CommandResult {
  const name = p.var!.toLowerCase();
  const value = ssiVariable(page.req, name) ?? nginxVariable(page.req, name) ?? p.default ?? '(none)';
  if (!value) return 'ok';
  const enc = p.encoding;
  if (enc === 'none' || enc === 'url' || enc === 'entity') page.encoding = enc;
  else if (enc !== undefined) fail(page, `unknown encoding "${enc}" in the "echo" command`);
  page.emit(page.encoding === 'url' ? escapeUrl(value) : page.encoding === 'entity' ? escapeEntity(value) : value);
  return 'ok';
}

/** ngx_http_ssi_set(). */
function set(page: SsiPage, p: Params): CommandResult {
  const value = evaluate(page, p.value!);
  if (value === undefined) return 'error';
  sharedOf(page.req).variables.set(p.var!.toLowerCase(), value);
  return 'ok';
}

/**
 * ngx_http_ssi_if(): `expr` is a string (true when not empty), or one compared `=`/`!=` with
 * another, or matched with `/regex/` (its captures become $1.., its names variables).
 */
function ifCommand(page: SsiPage, p: Params, name: string): CommandResult {
  if (name === 'if' && page.conditional) return fail(page, 'the "if" command inside the "if" command');
  if (page.outputChosen) {
    page.output = false;
    return 'ok';
  }
  const expr = p.expr!;
  const leftText = /^[A-Za-z0-9${}_"']*/.exec(expr)![0].toLowerCase();
  let at = leftText.length;
  while (expr[at] === ' ') at++;
  const left = evaluate(page, leftText);
  if (left === undefined) return 'error';
  const take = (yes: boolean) => {
    page.output = yes;
    if (yes) page.outputChosen = true;
    page.conditional = 1;
    return 'ok' as const;
  };
  if (at === expr.length) return take(left.length > 0);
  const invalid = () => fail(page, `invalid expression in "${expr}"`);
  let negative = false;
  if (expr[at] === '=') at++;
  else if (expr.startsWith('!=', at)) (negative = true), (at += 2);
  else return invalid();
  while (expr[at] === ' ') at++;
  let last = expr.length;
  const regex = at < last - 1 && expr[at] === '/';
  if (regex) {
    if (expr[last - 1] !== '/') return invalid();
    at++;
    last--;
  } else if (expr.startsWith('\\/', at) && at < last - 1) at++;
  const right = evaluate(page, expr.slice(at, last));
  if (right === undefined) return 'error';
  if (!regex) return take((left === right) !== negative);
  let compiled;
  try {
    compiled = compileRegex(right, false, { file: '', line: 0 });
  } catch (e) {
    return fail(page, (e as Error).message.replace(/ in :0$/, ''));
  }
  const match = compiled.re.exec(left);
  if (match) {
    const shared = sharedOf(page.req);
    shared.captures = [...match].map((c) => c ?? '');
    for (const [n, v] of Object.entries(match.groups ?? {})) shared.variables.set(n.toLowerCase(), v ?? '');
  }
  return take(!!match !== negative);
}
