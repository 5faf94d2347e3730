// The values of nginx variables for one request (ngx_http_variables.c), for the `proxy_set_header`
// values and `map` blocks that use them; conf/variables.ts says which ones a conf may name.
import type { HttpRequest } from './request.js';
import { hostName } from './http/request-head.js';
import { VAR, nginxVariable } from '../nginx-conf/variables.js';
import { gzipRatio } from './filters/gzip.js';

function variable(req: HttpRequest, given: string): string {
  // $1..$9: a capture of the last regex that matched (empty when it has no such group).
  if (given.length === 1 && given >= '1' && given <= '9') return req.captures[Number(given)] ?? '';
  // Names are case-insensitive: $HOST is $host, and `set $Foo` sets $foo.
  const name = given.toLowerCase();
  const set = req.variables.get(name);
  if (set !== undefined) return set;
  if (name.startsWith('http_')) {
    const key = name.slice(5).replace(/_/g, '-');
    return req.head.headers.find((h) => h.key === key)?.value ?? '';
  }
  if (name.startsWith('arg_')) {
    const want = name.slice(4);
    for (const pair of req.uri.args.split('&')) {
      const eq = pair.indexOf('=');
      if ((eq >= 0 ? pair.slice(0, eq) : pair).toLowerCase() === want) return eq >= 0 ? pair.slice(eq + 1) : '';
    }
    return '';
  }
  if (name.startsWith('cookie_')) {
    const want = name.slice(7);
    for (const c of (req.header('cookie') ?? '').split(/;\s*/)) {
      const eq = c.indexOf('=');
      if (eq >= 0 && c.slice(0, eq) === want) return c.slice(eq + 1);
    }
    return '';
  }
  const map = req.ctx.conf.maps.find((m) => m.variable.toLowerCase() === name);
  if (map) {
    const source = evaluate(req, map.source).toLowerCase();
    return evaluate(req, map.values.get(source) ?? map.defaultValue);
  }
  const pp = req.loc.proxyPass;
  switch (name) {
    case 'host':
      return req.uri.host !== undefined ? hostName(req.uri.host) : req.head.host !== undefined ? hostName(req.head.host) : (req.server.serverNames[0] ?? '');
    case 'remote_addr':
      return req.conn.remoteAddress;
    case 'proxy_host':
      return pp?.proxyHost ?? '';
    case 'proxy_port':
      return String(pp?.upstream.implicit ? pp.upstream.servers[0].port : 80);
    case 'scheme':
      return 'http';
    case 'request_uri':
      return req.uri.unparsed;
    case 'uri':
    case 'document_uri':
      return req.uri.uri;
    case 'args':
    case 'query_string':
      return req.uri.args;
    case 'is_args':
      return req.uri.args ? '?' : '';
    case 'server_port':
      return String(req.conn.listen.port);
    case 'server_name':
      return req.server.serverNames[0] ?? '';
    case 'server_addr':
      return req.conn.localAddress;
    case 'server_protocol':
      return req.head.version === 9 ? 'HTTP/0.9' : req.head.version === 10 ? 'HTTP/1.0' : 'HTTP/1.1';
    case 'request_method':
      return req.head.method;
    case 'request':
      return req.head.requestLine;
    case 'content_length':
      return req.header('content-length') ?? '';
    case 'content_type':
      return req.header('content-type') ?? '';
    case 'gzip_ratio':
      return gzipRatio(req);
    case 'proxy_add_x_forwarded_for': {
      const xff = req.header('x-forwarded-for');
      return xff ? `${xff}, ${req.conn.remoteAddress}` : req.conn.remoteAddress;
    }
    case 'document_root':
      return req.loc.root;
    case 'request_filename':
      // ngx_http_map_uri_to_path() for a root.
      return req.loc.root + req.uri.uri;
  }
  // ngx_http_rewrite_var(): a variable of `set` that has no value in this request.
  if (!nginxVariable(name, []) && req.loc.uninitializedVariableWarn) req.logError('warn', `using uninitialized "${name}" variable`);
  return '';
}

export function evaluate(req: HttpRequest, text: string): string {
  if (!text.includes('$')) return text;
  return text.replace(VAR, (_m, a: string | undefined, b: string | undefined) => variable(req, (a ?? b)!));
}
