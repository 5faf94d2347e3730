// upstream-invalid-header: an upstream that answered, but not with an HTTP response nginx can read.
// "no valid HTTP/1.0 header": the first bytes are not a status line (another program on the port,
// TLS spoken to an http:// proxy_pass); nginx passes them on as an HTTP/0.9 answer, 009 in the
// access log. "invalid header: "…"": a header line nginx refuses, quoted up to its bad byte (\xNN).
import { type Condition, type Group, type LogView } from '../types.js';
import { linePeer, looksWindows, plural, requestOf, shortRequest, type Peer } from '../facts.js';

const NO_STATUS_LINE = 'upstream sent no valid HTTP/1.0 header';
const INVALID = /^upstream sent invalid header: "(.*)\\x([0-9a-f]{2})\.\.\."$/;

/** The byte nginx stopped at, in words. */
function byteName(hex: string): string {
  const b = parseInt(hex, 16);
  if (b === 0x20) return 'a space';
  if (b === 0x00) return 'a NUL byte';
  if (b === 0x0d) return 'a carriage return (CR) with no line feed after it';
  if (b === 0x09) return 'a tab';
  if (b === 0x3a) return 'a colon with no header name before it';
  if (b === 0x7f) return 'a DEL byte';
  return `the control byte 0x${hex}`;
}

const peersOf = (g: Group): Peer[] => [...new Map(g.lines.flatMap((l) => linePeer(l.entry) ?? []).map((p) => [p.text, p])).values()];
const listPeers = (peers: Peer[]) => (peers.length ? peers.map((p) => p.text).join(' and ') : 'the upstream');

export const upstreamInvalidHeader: Condition = {
  id: 'upstream-invalid-header',
  match(e) {
    if (e.message !== NO_STATUS_LINE && !INVALID.test(e.message)) return undefined;
    // Retried only with proxy_next_upstream invalid_header: the tries of one request are one incident.
    const retries = e.message !== NO_STATUS_LINE;
    return { by: 'attempt', key: `${e.pid}|${e.conn}|${e.request ?? ''}`, peer: linePeer(e)?.text ?? '', windowS: 5, retries };
  },
  explain(g: Group, log: LogView) {
    const e = g.lines[0].entry;
    const peers = peersOf(g);
    const port = peers[0]?.port ?? 8080;
    const req = shortRequest(e.request);
    const windows = looksWindows(e);
    const who = windows ? `"netstat -ano | findstr :${port}", then "tasklist /FI \\"PID eq <pid>\\""` : `"ss -ltnp 'sport = :${port}'"`;
    const saw = log.access?.statuses(e, g.lines[0].t, g.lines[g.lines.length - 1].t) ?? [];
    const detail: Record<string, unknown> = { peers: peers.map((p) => p.text), request: req, ...(saw.length ? { browserSaw: saw } : {}) };
    if (e.message === NO_STATUS_LINE) {
      return {
        cause:
          `What answered ${req} on ${listPeers(peers)} does not speak HTTP: its first bytes are not an HTTP status line, so nginx passed them on to the browser as they came, with no status line of its own (an HTTP/0.9 answer, 009 in the access log), which a browser refuses on any port but 80 (ERR_INVALID_HTTP_RESPONSE)` +
          `${g.lines.length > 1 ? ` (${plural(g.lines.length, 'request')})` : ''}: port ${port} belongs to another program than the admin server (a database, a message broker), or the admin server speaks HTTPS there and proxy_pass says http://.`,
        fix: `Find out which program listens on port ${port} (${who}): if it is not the admin server, stop it or move the admin server (server.port) and proxy_pass to a free port; if the admin server has server.ssl enabled, write proxy_pass https://... or turn TLS off for it.`,
        detail: { ...detail, http09: true },
      };
    }
    const [, before, hex] = INVALID.exec(e.message)!;
    const inValue = before.includes(':');
    const where = inValue ? `in the value of its header "${before.slice(0, before.indexOf(':'))}"` : before ? `in the name of the header that starts "${before}"` : 'at the start of a header line';
    const method = requestOf(e.request)?.method;
    return {
      cause:
        `The admin server (${listPeers(peers)}) answered ${req} with a header line nginx refuses: ${byteName(hex)} ${where} (nginx quotes the line up to that byte: "${before}\\x${hex}..."), so nginx answered 502 Bad Gateway` +
        `${peers.length > 1 ? '' : method === 'GET' || method === 'HEAD' ? ' without trying the other address (invalid_header is not in proxy_next_upstream\'s default), and counts the address as failed for fail_timeout (10 s)' : ''}.`,
      fix: `Find what sets that header in the admin server (a filter, an interceptor, a response.setHeader()/addHeader() call) and correct it: header names have no spaces or control characters, values no NUL or bare CR. Check with "curl -v http://127.0.0.1:${port}${requestOf(e.request)?.path.replace(/^\/api\//, '/admin/') ?? '/'}" what it sends.`,
      detail: { ...detail, refused: `${before}\\x${hex}`, byte: `0x${hex}` },
    };
  },
};
