// Who may use a control channel: `harness up`'s (which serves the control page) and `harness
// proxy`'s master's. Either can crash workers, and it listens where every web page the user opens
// can send requests, so:
// - the Host must be the channel's own loopback address and port: a name of an attacker's that
//   resolves to 127.0.0.1 (DNS rebinding) makes the browser send that name, and is refused;
// - a browser request from another origin (Origin, or Sec-Fetch-Site where no Origin is sent) is
//   refused, and nothing answers CORS, so a page elsewhere can neither call nor read it;
// - every call but the control page's own static files carries the channel's token.
import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

export const TOKEN_HEADER = 'x-harness-token';

export interface Refusal {
  status: 401 | 403;
  error: string;
}

/** The hosts the channel answers to: the address it is bound to, and `localhost` (which browsers resolve to loopback themselves). */
function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export interface Channel {
  port: number;
  token: string;
  /** Where the user finds the channel's address and token, as the refusals say it. */
  foundIn: string;
}

/** Why a request is refused before it is read, or undefined when it may go on. */
export function refusal(headers: IncomingHttpHeaders, o: Channel & { tokenNeeded: boolean }): Refusal | undefined {
  const host = String(headers.host ?? '').toLowerCase();
  if (!allowedHosts(o.port).includes(host)) {
    return { status: 403, error: `refused: the Host ${JSON.stringify(headers.host ?? '')} is not this control channel's (127.0.0.1:${o.port}). Call it at the address in ${o.foundIn}.` };
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) {
    return { status: 403, error: `refused: a request from ${JSON.stringify(origin)}; the control channel takes calls from its own origin (http://${host}) and the harness's commands only.` };
  }
  // A browser sends no Origin with a GET; it says where a request comes from here instead.
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    return { status: 403, error: `refused: a request from another site (Sec-Fetch-Site: ${site}); the control channel takes calls from its own origin only.` };
  }
  if (!o.tokenNeeded) return undefined;
  const got = Buffer.from(String(headers[TOKEN_HEADER] ?? ''));
  if (got.length !== o.token.length || !timingSafeEqual(got, Buffer.from(o.token))) {
    return { status: 401, error: `missing or wrong ${TOKEN_HEADER}: it is in ${o.foundIn}.` };
  }
  return undefined;
}

/** On every answer: never cached, never framed, never read by another origin, no Referer out of it. */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The page runs its own scripts and styles only, and talks to its own origin only. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
