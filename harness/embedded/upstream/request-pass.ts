// The proxy_pass a request is sent by (ngx_http_proxy_ctx_t's vars with u->resolved): the
// location's own, or, for a URL in variables, its value for this request in this location.
import type { HttpRequest } from '../request.js';
import type { LocationConf, ProxyPassConf } from '../../nginx-conf/model.js';

const evaluated = new WeakMap<HttpRequest, { loc: LocationConf; pass: ProxyPassConf }>();

export function requestPass(req: HttpRequest): ProxyPassConf | undefined {
  const pp = req.loc.proxyPass;
  if (!pp || !('variables' in pp)) return pp;
  const e = evaluated.get(req);
  return e?.loc === req.loc ? e.pass : undefined;
}

export function setRequestPass(req: HttpRequest, pass: ProxyPassConf): void {
  evaluated.set(req, { loc: req.loc, pass });
}
