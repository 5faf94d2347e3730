// NGX_HTTP_ACCESS_PHASE for ngx_http_access_module (ngx_http_access_handler()): the location's
// allow and deny rules against the client's address, the first that matches deciding; a deny is
// nginx's 403 with its [error] line.
import type { HttpRequest } from '../../request.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { ACCESS, addressBytes, mask } from './conf.js';

/** True when a rule denied the request (answered 403). */
export function accessPhase(req: HttpRequest): boolean {
  const rules = moduleConf(req.loc, ACCESS).accessRules;
  if (!rules.length) return false;
  // An IPv4 client on an IPv6 socket is tested against the IPv4 rules, as nginx does.
  const addr = req.conn.remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const unix = addr === 'unix:';
  const bytes = unix ? undefined : addressBytes(addr);
  // A UNIX-domain client meets `all` and `unix:` only; an inet one never meets `unix:`.
  const rule = rules.find((r) => r.all || (unix ? r.unix : !r.unix && bytes?.length === r.bytes.length && r.bytes.every((b, i) => (bytes[i] & mask(r.bits, i)) === b)));
  if (!rule?.deny) return false;
  req.logError('error', 'access forbidden by rule');
  req.special(403);
  return true;
}
