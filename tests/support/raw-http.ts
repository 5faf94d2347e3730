// A raw HTTP client: exact bytes out, exact bytes back, for comparing engines byte for byte.
import net from 'node:net';

export interface RawResponse {
  /** Everything the server sent before closing, or up to the end of the first final response. */
  raw: string;
  /** Interim (1xx) responses before the final one, as sent: `HTTP/1.1 100 Continue\r\n\r\n`. */
  interim: string[];
  status: number;
  statusLine: string;
  headers: [string, string][];
  body: string;
  /** The server closed the connection after the response. */
  closed: boolean;
  ms: number;
}

export function header(r: Pick<RawResponse, 'headers'>, name: string): string | undefined {
  return r.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

type Parsed = Omit<RawResponse, 'closed' | 'ms'>;

/** Parses the first final response in `raw` (after any 1xx); undefined until it is complete. */
export function parseResponse(raw: string, head = false): Parsed | undefined {
  const interim: string[] = [];
  let start = 0;
  for (;;) {
    const end = raw.indexOf('\r\n\r\n', start);
    if (end < 0) return undefined;
    const lines = raw.slice(start, end).split('\r\n');
    const statusLine = lines[0];
    const status = Number(statusLine.split(' ')[1]);
    if (status >= 100 && status < 200 && status !== 101) {
      interim.push(raw.slice(start, end + 4));
      start = end + 4;
      continue;
    }
    const headers = lines.slice(1).map((l) => {
      const i = l.indexOf(':');
      return [l.slice(0, i), l.slice(i + 1).trim()] as [string, string];
    });
    const get = (n: string) => headers.find(([k]) => k.toLowerCase() === n)?.[1];
    const body = raw.slice(end + 4);
    const done = (length: number, decoded: string): Parsed => ({ raw: raw.slice(0, end + 4 + length), interim, status, statusLine, headers, body: decoded });
    if (head || status === 304 || status === 204) return done(0, '');
    const len = get('content-length');
    if (len !== undefined) {
      if (body.length < Number(len)) return undefined;
      return done(Number(len), body.slice(0, Number(len)));
    }
    if (get('transfer-encoding') === 'chunked') {
      const c = dechunk(body);
      return c && done(c.length, c.body);
    }
    return undefined; // read until close
  }
}

/** Decodes a chunked body; undefined until the last chunk has arrived. */
export function dechunk(body: string): { body: string; length: number } | undefined {
  let out = '';
  let at = 0;
  for (;;) {
    const nl = body.indexOf('\r\n', at);
    if (nl < 0) return undefined;
    const size = parseInt(body.slice(at, nl), 16);
    if (size === 0) {
      if (body.length < nl + 4) return undefined;
      return { body: out, length: nl + 4 };
    }
    if (body.length < nl + 2 + size + 2) return undefined;
    out += body.slice(nl + 2, nl + 2 + size);
    at = nl + 2 + size + 2;
  }
}

export interface SendOptions {
  host?: string;
  /** A UNIX-domain socket's path, instead of host and port. */
  path?: string;
  /**
   * Resolve once this long has passed with no complete response (the connection is then destroyed);
   * 10 s by default; 0: wait for the response as long as the test runs.
   */
  timeoutMs?: number;
  /** Keep reading after the first response until the server closes. */
  untilClose?: boolean;
  head?: boolean;
}

/** A response read until the server closed: the body is what came after the head. */
function untilClosed(raw: string): Parsed {
  const parsed = parseResponse(raw);
  if (parsed) return parsed;
  const end = raw.indexOf('\r\n\r\n');
  const lines = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const statusLine = lines[0] ?? '';
  const status = /^HTTP\/\d\.\d \d{3}/.test(statusLine) ? Number(statusLine.split(' ')[1]) : 0;
  const headers = status
    ? lines.slice(1).map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i), l.slice(i + 1).trim()] as [string, string];
      })
    : [];
  return { raw, interim: [], status, statusLine: status ? statusLine : '', headers, body: status && end >= 0 ? raw.slice(end + 4) : status ? '' : raw };
}

export function send(port: number, request: string | Buffer, o: SendOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = o.path !== undefined ? net.connect({ path: o.path }) : net.connect({ host: o.host ?? '127.0.0.1', port });
    let raw = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const parsed = (o.untilClose ? undefined : parseResponse(raw, o.head)) ?? untilClosed(raw);
      if (!closed) socket.destroy();
      resolve({ ...parsed, raw, closed, ms: Date.now() - started });
    };
    const timer = o.timeoutMs === 0 ? undefined : setTimeout(() => finish(false), o.timeoutMs ?? 10_000);
    socket.on('connect', () => socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request));
    socket.on('data', (d) => {
      raw += d.toString('latin1');
      const parsed = o.untilClose ? undefined : parseResponse(raw, o.head);
      // An answer that says `Connection: close` is complete when the server closes (the 'end' below):
      // wait for that event, not for a moment a loaded machine may not give. Any other answer gets a
      // moment for a close it did not announce, so that `closed` is right.
      if (parsed && header(parsed, 'connection')?.toLowerCase() !== 'close') {
        setTimeout(() => finish(socket.destroyed || socket.readableEnded), 30);
      }
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (e) => (raw ? finish(true) : reject(e)));
  });
}

/** One client connection kept open across requests: keep-alive and pipelining. */
export class RawConnection {
  private raw = '';
  private consumed = 0;
  private waiter?: () => void;
  ended = false;
  private readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (d) => {
      this.raw += d.toString('latin1');
      this.waiter?.();
    });
    socket.on('end', () => {
      this.ended = true;
      this.waiter?.();
    });
    socket.on('error', () => {
      this.ended = true;
      this.waiter?.();
    });
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ host, port }, () => resolve(new RawConnection(s)));
      s.once('error', reject);
    });
  }

  write(bytes: string | Buffer): void {
    this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  }

  /** The next complete response on the connection (rejects if the server closes first). */
  next(o: { head?: boolean; timeoutMs?: number } = {}): Promise<Parsed> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no complete response within ${o.timeoutMs ?? 10_000} ms; got ${JSON.stringify(this.raw.slice(this.consumed))}`)), o.timeoutMs ?? 10_000);
      const check = () => {
        const r = parseResponse(this.raw.slice(this.consumed), o.head);
        if (r) {
          this.consumed += r.raw.length;
          this.waiter = undefined;
          clearTimeout(timer);
          resolve(r);
        } else if (this.ended) {
          this.waiter = undefined;
          clearTimeout(timer);
          reject(new Error(`connection closed; got ${JSON.stringify(this.raw.slice(this.consumed))}`));
        }
      };
      this.waiter = check;
      check();
    });
  }

  /** The bytes after the responses read so far, once they hold `text` (for tunnelled data). */
  until(text: string, timeoutMs = 5000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${JSON.stringify(text)} within ${timeoutMs} ms; got ${JSON.stringify(this.raw.slice(this.consumed))}`)), timeoutMs);
      const check = () => {
        const rest = this.raw.slice(this.consumed);
        const at = rest.indexOf(text);
        if (at < 0) return;
        this.consumed += at + text.length;
        this.waiter = undefined;
        clearTimeout(timer);
        resolve(rest.slice(0, at + text.length));
      };
      this.waiter = check;
      check();
    });
  }

  /** Resolves true when the server closes the connection within `ms`, false otherwise. */
  closedWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.ended) return resolve(true);
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve(false);
      }, ms);
      this.waiter = () => {
        if (!this.ended) return;
        clearTimeout(timer);
        resolve(true);
      };
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** `GET path HTTP/1.1` with Host and the given header lines. */
export function get(path: string, port: number, headers: string[] = [], method = 'GET'): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers.map((h) => h + '\r\n').join('')}\r\n`;
}

/** A request with a body (Content-Length unless the headers say otherwise). */
export function post(path: string, port: number, body: string, headers: string[] = [], method = 'POST'): string {
  const framing = headers.some((h) => /^(content-length|transfer-encoding):/i.test(h)) ? [] : [`Content-Length: ${Buffer.byteLength(body, 'latin1')}`];
  return get(path, port, [...headers, ...framing], method) + body;
}
