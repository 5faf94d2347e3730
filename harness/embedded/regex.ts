// ngx_http_regex_exec()'s side effects: a match with groups makes its captures the request's
// ($1..$9), and its named groups set variables of their names.
import type { HttpRequest } from './request.js';

export function takeCaptures(req: HttpRequest, match: RegExpExecArray): void {
  if (match.length > 1) req.captures = [...match].map((c) => c ?? '');
  for (const [name, value] of Object.entries(match.groups ?? {})) req.variables.set(name, value ?? '');
}
