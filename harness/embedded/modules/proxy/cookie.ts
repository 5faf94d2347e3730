// proxy_cookie_path and proxy_cookie_domain on an upstream's Set-Cookie
// (ngx_http_proxy_rewrite_cookie()): the value is split at each ";" into name=value pairs, blanks
// around them dropped; the first rule that matches a Path= (a prefix, case-sensitively) or a
// Domain= (the whole name, in any case, after a leading ".") replaces that part, and then the whole
// value is written again as nginx writes it: `name=value; Path=/x; HttpOnly`. A value no rule
// changed is passed as it came.
import type { HttpRequest } from '../../request.js';
import { PROXY, type Rewrite } from './conf.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { evaluate } from '../../variable-values.js';

interface Attr {
  key: string;
  /** undefined: a bare attribute (`HttpOnly`). */
  value?: string;
}

/** ngx_http_proxy_parse_cookie(). */
function parseCookie(text: string): Attr[] {
  return text.split(';').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return { key: part.replace(/^ +| +$/g, '') };
    return { key: part.slice(0, eq).replace(/^ +| +$/g, ''), value: part.slice(eq + 1).replace(/^ +| +$/g, '') };
  });
}

/**
 * ngx_http_proxy_rewrite_regex_handler(): a rule's regular expression matched on the whole value
 * (its captures the request's); the replacement, evaluated, is the new value.
 */
export function regexRewrite(req: HttpRequest, value: string, r: Rewrite): string | undefined {
  const m = r.regex!.exec(value);
  if (!m) return undefined;
  req.takeCaptures(m);
  return evaluate(req, r.to);
}

/** ngx_http_proxy_rewrite_complex_handler() for a path: the rule's text starts the value. */
function rewritePath(req: HttpRequest, value: string, rules: readonly Rewrite[]): string | undefined {
  for (const r of rules) {
    if (r.regex) {
      const replaced = regexRewrite(req, value, r);
      if (replaced !== undefined) return replaced;
      continue;
    }
    const from = evaluate(req, r.from);
    if (value.startsWith(from)) return evaluate(req, r.to) + value.slice(from.length);
  }
  return undefined;
}

/** ngx_http_proxy_rewrite_domain_handler(): the whole name, a leading "." kept. */
function rewriteDomain(req: HttpRequest, value: string, rules: readonly Rewrite[]): string | undefined {
  const dot = value.startsWith('.') ? '.' : '';
  const name = value.slice(dot.length).toLowerCase();
  for (const r of rules) {
    // A regular expression sees the value whole, its leading "." too.
    if (r.regex) {
      const replaced = regexRewrite(req, value, r);
      if (replaced !== undefined) return replaced;
    } else if (evaluate(req, r.from).toLowerCase() === name) return dot + evaluate(req, r.to);
  }
  return undefined;
}

export function rewriteSetCookie(req: HttpRequest, text: string): string {
  const { proxyCookiePaths: paths, proxyCookieDomains: domains } = moduleConf(req.loc, PROXY);
  const attrs = parseCookie(text);
  if (attrs[0].value === undefined) return text;
  let changed = false;
  for (const a of attrs.slice(1)) {
    if (a.value === undefined) continue;
    const key = a.key.toLowerCase();
    const rewritten = key === 'domain' && domains.length ? rewriteDomain(req, a.value, domains) : key === 'path' && paths.length ? rewritePath(req, a.value, paths) : undefined;
    if (rewritten === undefined) continue;
    a.value = rewritten;
    changed = true;
  }
  if (!changed) return text;
  return attrs.map((a) => (a.value === undefined ? a.key : `${a.key}=${a.value}`)).join('; ');
}
