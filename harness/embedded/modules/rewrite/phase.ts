// The rewrite phases (ngx_http_rewrite_handler() running a level's script, the codes of
// ngx_http_script.c, and ngx_http_core_post_rewrite_phase()): a server's script before the location
// is chosen, the location's after; `return` answers, a redirect answers, a changed URI chooses the
// location again (the eleventh URI change is nginx's cycle 500).
import { statSync } from 'node:fs';
import type { HttpRequest } from '../../request.js';
import type { LocationConf } from '../../../nginx-conf/model.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import type { CompiledRegex } from '../../../nginx-conf/pcre.js';
import { VAR, nginxVariable } from '../../../nginx-conf/variables.js';
import { evaluate } from '../../variable-values.js';
import { escapeArgs } from '../../http/uri.js';
import { contentType } from '../../files/content-type.js';
import { REWRITE, type Condition, type RewriteCode } from './conf.js';

/** How a script ended: at its end (undefined) or a `break`/`last` ('stop'), on to the next phase; or answered. */
type End = 'stop' | 'answered' | undefined;

/** ngx_http_script_engine_t: the location the `if`s merge with, rewrite_log, and e->quote. */
interface Engine {
  base: LocationConf;
  log: boolean;
  /** Captures are escaped (if the URI held `%` or `+`) until the first rewrite's end. */
  quote: boolean;
}

const REDIRECTS = [301, 302, 303, 307, 308];

/** NGX_HTTP_SERVER_REWRITE_PHASE: the server's script, with the server's settings. True when answered. */
export function serverRewrite(req: HttpRequest): boolean {
  return run(req, moduleConf(req.server.base, REWRITE).rewrite) === 'answered';
}

/**
 * NGX_HTTP_REWRITE_PHASE: the location's script; true when it answered. No location matched: the
 * server's own settings serve, whose script ran already.
 */
export function locationRewrite(req: HttpRequest): boolean {
  if (req.loc === req.server.base) return false;
  return run(req, moduleConf(req.loc, REWRITE).rewrite) === 'answered';
}


function run(req: HttpRequest, codes: RewriteCode[] | undefined): End {
  if (!codes) return undefined;
  return exec(req, codes, { base: req.loc, log: moduleConf(req.loc, REWRITE).rewriteLog, quote: true });
}

function exec(req: HttpRequest, codes: RewriteCode[], e: Engine): End {
  for (const c of codes) {
    switch (c.op) {
      case 'if': {
        if (!test(req, c.condition, e)) break;
        // ngx_http_script_if_code(): the `if`'s settings are the request's from now on.
        if (c.own) req.useLocation(ifConf(c.own, e.base));
        const end = exec(req, c.body, e);
        if (end) return end;
        break;
      }
      case 'set': {
        const value = expand(req, c.value, e.quote);
        const setter = req.handlers.variableSetters.get(c.name);
        if (c.name === 'args') req.uri = { ...req.uri, args: value };
        else if (setter) setter(req, value);
        else req.variables.set(c.name, value);
        break;
      }
      case 'break':
        // ngx_http_script_break_code()
        if (req.uriChanged) {
          req.validLocation = false;
          req.uriChanged = false;
        }
        return 'stop';
      case 'return':
        answer(req, c.status, c.text);
        return 'answered';
      case 'rewrite': {
        const end = rewrite(req, c, e);
        if (end) return end;
        break;
      }
    }
  }
  return undefined;
}

/** The merged settings of a location's `if` (ngx_http_merge_locations() at start, here once at first use). */
const merged = new WeakMap<object, LocationConf>();

function ifConf(own: { conf: object; before: object }, base: LocationConf): LocationConf {
  let conf = merged.get(own);
  if (!conf) {
    const c: Record<string, unknown> = { ...base };
    const set = own.conf as unknown as Record<string, unknown>;
    const before = own.before as unknown as Record<string, unknown>;
    for (const k of Object.keys(set)) if (set[k] !== before[k]) c[k] = set[k];
    merged.set(own, (conf = c as unknown as LocationConf));
  }
  return conf;
}

/** A value of the script: its variables, and the captures escaped while e->quote holds. */
function expand(req: HttpRequest, text: string, quote: boolean): string {
  if (!quote || !(req.uri.quoted || plusInUri(req))) return evaluate(req, text);
  return text.replace(VAR, (m, _a: string | undefined, b: string | undefined) => (b !== undefined && /^[1-9]$/.test(b) ? escapeArgs(req.captures[Number(b)] ?? '') : evaluate(req, m)));
}

/** r->plus_in_uri: the request's path held a `+`. */
const plusInUri = (req: HttpRequest) => /^[^?]*\+/.test(req.uri.unparsed);

function notice(req: HttpRequest, e: Engine, message: string): void {
  if (e.log) req.logError('notice', message);
}

/** ngx_http_regex_exec() of a script: the captures of a match, none after a miss; rewrite_log's lines. */
function match(req: HttpRequest, e: Engine, regex: CompiledRegex, source: string, line: string): boolean {
  const m = regex.re.exec(line);
  notice(req, e, `"${source}" ${m ? 'matches' : 'does not match'} "${line}"`);
  req.captures = m ? [...m].map((x) => x ?? '') : [];
  for (const [name, value] of Object.entries(m?.groups ?? {})) req.variables.set(name, value ?? '');
  return m !== null;
}

function test(req: HttpRequest, c: Condition, e: Engine): boolean {
  const value = expand(req, c.value, e.quote);
  switch (c.kind) {
    case 'value':
      return value !== '' && value !== '0';
    case 'compare':
      return (value === expand(req, c.to, e.quote)) !== c.negate;
    case 'regex':
      return match(req, e, c.regex, c.source, value) !== c.negate;
    case 'file':
      return fileTest(c.test, value) !== c.negate;
  }
}

/** ngx_http_script_file_code(): -f a file, -d a directory, -e either, -x executable; a missing one is none. */
function fileTest(t: 'f' | 'd' | 'e' | 'x', path: string): boolean {
  let st;
  try {
    st = statSync(path);
  } catch {
    return false;
  }
  if (t === 'f') return st.isFile();
  if (t === 'd') return st.isDirectory();
  if (t === 'e') return true;
  return (st.mode & 0o100) !== 0;
}

/** ngx_http_script_regex_start_code() and ngx_http_script_regex_end_code() for a `rewrite`. */
function rewrite(req: HttpRequest, c: Extract<RewriteCode, { op: 'rewrite' }>, e: Engine): End {
  if (!match(req, e, c.regex, c.source, req.uri.uri)) return undefined;
  const quote = e.quote;
  e.quote = false;
  if (c.redirect) {
    let url = unescapeRedirect(expand(req, c.replacement, quote));
    if (c.addArgs && req.uri.args) url += (c.replacement.includes('?') ? '&' : '?') + req.uri.args;
    notice(req, e, `rewritten redirect: "${url}"`);
    redirect(req, c.redirect, url);
    return 'answered';
  }
  // The first `?` of the replacement starts its args, where captures are escaped (e->is_args);
  // the URI before it takes them as they are (checked on nginx 1.22.1: `/a%20b` becomes `/n/a b`).
  const q = c.replacement.indexOf('?');
  const uri = expand(req, q < 0 ? c.replacement : c.replacement.slice(0, q), false);
  let args = q < 0 ? (c.addArgs ? req.uri.args : '') : expand(req, c.replacement.slice(q + 1), true);
  if (q >= 0 && c.addArgs && req.uri.args) args += '&' + req.uri.args;
  notice(req, e, `rewritten data: "${uri}", args: "${args}"`);
  if (!uri) {
    req.logError('error', 'the rewritten URI has a zero length');
    req.special(500);
    return 'answered';
  }
  req.uri = { ...req.uri, uri, args };
  req.validUnparsedUri = false;
  if (c.flag === 'break') {
    req.validLocation = false;
    req.uriChanged = false;
  } else req.uriChanged = true;
  return c.flag ? 'stop' : undefined;
}

/**
 * ngx_unescape_uri(NGX_UNESCAPE_REDIRECT): before the first `?`, written or escaped (`%3F`, itself
 * decoded), escapes of printable bytes past `%` are decoded; the rest is kept as it is.
 */
function unescapeRedirect(s: string): string {
  const q = /\?|%3f/i.exec(s);
  const head = q ? s.slice(0, q.index) : s;
  const decoded = head.replace(/%([0-9a-fA-F]{2})/g, (m, h: string) => {
    const c = parseInt(h, 16);
    return c > 0x25 && c < 0x7f ? String.fromCharCode(c) : m;
  });
  return q ? decoded + '?' + s.slice(q.index + q[0].length) : decoded;
}

/** The Location is set (ngx_http_clear_location(), then pushed), and the redirect's page, or its error_page, answers. */
function redirect(req: HttpRequest, status: number, url: string): void {
  req.outLocation = url;
  req.special(status);
}

/** ngx_http_rewrite_var(): a variable of `set` that has no value in this request, with uninitialized_variable_warn's line. */
export function uninitialized(req: HttpRequest, name: string): void {
  if (!nginxVariable(name, []) && moduleConf(req.loc, REWRITE).uninitializedVariableWarn) req.logError('warn', `using uninitialized "${name}" variable`);
}

/** ngx_http_script_return_code(): a page of nginx's for an error without a text, else ngx_http_send_response(). */
function answer(req: HttpRequest, status: number, text: string | undefined): void {
  if (status >= 400 && text === undefined) {
    // NGX_HTTP_CLOSE: the connection is closed without an answer, and 444 logged.
    if (status === 444) {
      req.status = 444;
      req.abort();
    } else req.special(status);
    return;
  }
  // ngx_http_send_response(): a body found not to parse as it is dropped makes the answer a 400.
  req.discardBody();
  if (req.body.invalid) return req.special(400);
  const value = evaluate(req, text ?? '');
  if (REDIRECTS.includes(status)) return redirect(req, status, value);
  // A 204 has no Content-Type or Content-Length (ngx_http_header_filter()), unless an error_page's
  // status goes out in its place: the header filter then sees that one.
  if ((req.errorStatus || status) === 204) return req.respond({ status });
  const body = Buffer.from(value, 'latin1');
  req.respond({ status, contentType: contentType(req.loc, req.uri.uri, req.presetContentType), contentLength: body.length }, body);
}
