// nginx's own answers (ngx_http_special_response.c): a status with nginx's built-in page, or the
// location's `error_page` for it, an internal redirect or a redirect; the `/api` → `/api/` and the
// directory redirects are these too. Every handler and check ends with one of them when it does
// not answer itself.
import type { HttpRequest } from '../request.js';
import type { ErrorPage } from '../../nginx-conf/model.js';
import { errorPage, closesConnection, statusOnWire } from '../http/pages.js';
import { evaluate } from '../variable-values.js';

/** ngx_http_special_response_handler(). */
export function specialResponse(req: HttpRequest, code: number, location?: string, extra?: [string, string][]): void {
  if (!req.body.started) {
    // The body is discarded first, without a "100 Continue".
    req.body.continued = true;
    req.discardBody();
  }
  if (closesConnection(code)) req.keepalive = false;
  const page = req.loc.errorPages.get(code);
  if (page !== undefined && !req.errorPage && !req.headerSent && location === undefined && !req.cycled) {
    sendErrorPage(req, code, page);
    return;
  }
  // nginx's own page answers with its own status, even after an error page (r->err_status = error).
  req.errorStatus = 0;
  const body = errorPage(code, req.ctx.version, req.loc.serverTokens);
  req.respond({ status: code, contentType: body ? 'text/html' : undefined, contentLength: body?.length ?? 0, location, extra }, body);
}

/** A URI with variables, evaluated; a path's arguments are split off at its first `?`. */
function evaluated(req: HttpRequest, conf: ErrorPage): ErrorPage {
  const uri = evaluate(req, conf.uri);
  const q = uri.startsWith('/') ? uri.indexOf('?') : -1;
  return { ...conf, uri: q < 0 ? uri : uri.slice(0, q), args: q < 0 ? '' : uri.slice(q + 1) };
}

/**
 * ngx_http_send_error_page(): a URI is an internal redirect (a GET, unless HEAD), `@name` a named
 * location, that answers with the error's status, or `=code`'s; anything else is a redirect to it,
 * a 302 unless `=code` names another redirect, with that status's page and the Location among the
 * other headers.
 */
function sendErrorPage(req: HttpRequest, code: number, conf: ErrorPage): void {
  const page = conf.variables ? evaluated(req, conf) : conf;
  req.errorPage = true;
  // A page for 494 (a header too large) answers, as the error itself does, with a 400.
  req.errorStatus = page.overwrite ?? statusOnWire(code);
  if (page.uri.startsWith('/')) {
    req.internalRedirect(page.uri, { args: page.args, asGet: true });
    return;
  }
  // A named location takes the request as it is, method included.
  if (page.uri.startsWith('@')) {
    req.namedLocation(page.uri);
    return;
  }
  if (![301, 302, 303, 307, 308].includes(req.errorStatus)) req.errorStatus = 302;
  const status = req.errorStatus;
  const body = errorPage(status, req.ctx.version, req.loc.serverTokens)!;
  req.respond({ status, contentType: 'text/html', contentLength: body.length, extra: [['Location', page.uri]] }, body);
}
