// ngx_http_subrequest(): a request made inside another (an SSI include). It is an internal GET of
// its own URI, with its parent's head, server and connection, and it runs the phases from the
// server's rewrites. Its head is never sent and its body goes to whoever asked for it, not to the
// client (nginx's postpone filter then puts it in its place in the parent's answer); it has no
// access-log line (log_subrequest off).
import { HttpRequest } from './request.js';
import type { ClientReader, Connection, EndedRequest } from './request-connection.js';

/** Where a subrequest's output goes. */
export interface SubrequestSink {
  /** Its body's bytes, as they come. */
  write(b: Buffer): void;
  /** It is done (its status, and whether nginx's own page answered it, are on `sr`). */
  done(sr: HttpRequest): void;
}

/** The parent's connection as a subrequest sees it: its bytes go to the sink, it never reads the client. */
class SubrequestConnection implements Connection {
  constructor(
    private readonly parent: HttpRequest,
    private readonly sink: SubrequestSink,
  ) {}
  private get conn(): Connection {
    return this.parent.conn;
  }
  get number() {
    return this.conn.number;
  }
  get remoteAddress() {
    return this.conn.remoteAddress;
  }
  get remotePort() {
    return this.conn.remotePort;
  }
  get listen() {
    return this.conn.listen;
  }
  get localAddress() {
    return this.conn.localAddress;
  }
  get tls() {
    return this.conn.tls;
  }
  get requests() {
    return this.conn.requests;
  }
  get startedAt() {
    return this.conn.startedAt;
  }
  get closed() {
    return this.conn.closed;
  }
  get resetByPeer() {
    return this.conn.resetByPeer;
  }
  write(b: Buffer | string): boolean {
    this.sink.write(typeof b === 'string' ? Buffer.from(b, 'latin1') : b);
    return true;
  }
  onDrain(cb: () => void): void {
    this.conn.onDrain(cb);
  }
  postpone(): void {}
  /** A subrequest that fails the connection fails its parent (ngx_http_terminate_request()). */
  abort(o?: { drop?: boolean }): void {
    this.parent.abort(o);
  }
  readBy(_reader: ClientReader): void {}
  readDone(): void {}
  readTimeout(): void {}
  requestDone(req: EndedRequest): void {
    this.sink.done(req as HttpRequest);
  }
}

/** Starts a subrequest of `parent` for `uri` (decoded) and `args`; its output goes to `sink`. */
export function subrequest(parent: HttpRequest, uri: string, args: string, sink: SubrequestSink): HttpRequest {
  // sr->unparsed_uri and the request line are the parent's ($request_uri, $request).
  // It has no body of its own to read.
  const head = { ...parent.head, method: 'GET', uri: { uri, args, unparsed: parent.head.uri.unparsed, quoted: false }, contentLength: undefined, chunked: false };
  const sr = new HttpRequest(new SubrequestConnection(parent, sink), head, parent.ctx, parent.handlers, { parent });
  sr.validUnparsedUri = false;
  sr.keepalive = false;
  sr.run();
  return sr;
}
