// What the journal needs of a connection the pass-through relays as bytes, past Node's HTTP layer:
// the request line from the client's first bytes, the status from the answer's first bytes. Exact
// only for one request per connection, so a request is read only when it is whole in the first
// bytes and says it is the connection's last; anything else goes to the HTTP server.

/** A request line, as the journal keeps it. */
export interface RequestHead {
  method: string;
  url: string;
  /** `1.0` or `1.1`. */
  httpVersion: string;
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.([01])$/;
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * The request whose head is whole in `first`, if it is the connection's last: HTTP/1.0 without
 * `Connection: keep-alive`, or `Connection: close` (nginx's default to an upstream). Undefined for
 * anything else: a head not whole yet, a keep-alive request, an upgrade, a malformed head.
 */
export function lastRequest(first: Buffer): RequestHead | undefined {
  const end = first.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line, ...fields] = first.toString('latin1', 0, end).split('\r\n');
  const request = REQUEST_LINE.exec(line);
  if (!request) return undefined;
  const connection: string[] = [];
  for (const field of fields) {
    const header = HEADER.exec(field);
    if (!header) return undefined;
    const name = header[1].toLowerCase();
    if (name === 'upgrade') return undefined;
    if (name === 'connection') connection.push(...header[2].toLowerCase().split(',').map((t) => t.trim()));
  }
  const last = connection.includes('close') || (request[3] === '0' && !connection.includes('keep-alive'));
  return last ? { method: request[1], url: request[2], httpVersion: `1.${request[3]}` } : undefined;
}

/**
 * The status of an answer that starts with `bytes` (`HTTP/1.1 200 OK` gives 200); undefined while
 * fewer than the 12 bytes of `HTTP/1.1 200` have come; null when the answer has no status line.
 */
export function statusOf(bytes: Buffer): number | null | undefined {
  if (bytes.length < 12) return undefined;
  const status = /^HTTP\/\d\.\d (\d{3})/.exec(bytes.toString('latin1', 0, 12));
  return status ? Number(status[1]) : null;
}

/**
 * The request in `first` (one lastRequest read) as sent on a kept connection: `Connection:
 * keep-alive` in place of its own Connection header. Undefined unless its body is whole in `first`,
 * with a Content-Length (or none).
 */
export function keptAlive(first: Buffer): Buffer | undefined {
  const end = first.indexOf('\r\n\r\n');
  const lines = first.toString('latin1', 0, end).split('\r\n');
  let length = 0;
  for (const line of lines.slice(1)) {
    const [, name, value] = HEADER.exec(line)!;
    if (/^transfer-encoding$/i.test(name)) return undefined;
    if (/^content-length$/i.test(name)) length = /^\d+$/.test(value) ? Number(value) : NaN;
  }
  if (first.length - end - 4 !== length) return undefined;
  const head = [...lines.filter((l) => !/^connection:/i.test(l)), 'Connection: keep-alive', '', ''].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), first.subarray(end + 4)]);
}

/**
 * The length of an answer to `method` that starts with `bytes`, head and body, where its head says it
 * and keeps the connection (a Content-Length; no `Connection: close`). Null where it does not (the
 * answer then ends with the connection); undefined while its head has not all come.
 */
export function answerLength(bytes: Buffer, method: string): number | null | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return bytes.length > 16_384 ? null : undefined;
  const [line, ...fields] = bytes.toString('latin1', 0, end).split('\r\n');
  const status = /^HTTP\/1\.([01]) ([2-9]\d\d)/.exec(line);
  if (!status) return null;
  let kept = status[1] === '1';
  let length: number | undefined;
  for (const field of fields) {
    const header = HEADER.exec(field);
    if (!header) return null;
    const [name, value] = [header[1].toLowerCase(), header[2].toLowerCase()];
    if (name === 'transfer-encoding' || (name === 'content-length' && (length !== undefined || !/^\d+$/.test(value)))) return null;
    if (name === 'content-length') length = Number(value);
    if (name === 'connection') kept = !/\bclose\b/.test(value) && (kept || /\bkeep-alive\b/.test(value));
  }
  const body = method === 'HEAD' || status[2] === '204' || status[2] === '304' ? 0 : length;
  return kept && body !== undefined ? end + 4 + body : null;
}
