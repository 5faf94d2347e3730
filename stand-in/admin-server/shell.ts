// AdminShell: what an admin server is on the wire, whatever answers its requests. It listens on the
// loopbacks a listen mode names (loopback only, never any other address), keeps a journal of every
// request, runs every request through the wire faults (faults/), and stops at once, freeing its
// port. What answers is its subclass's: the stand-in's Dispatcher (server.ts), or the pass-through
// to a user's own server (harness/stack/pass-through.ts), whose fast path (relay) may take a
// connection past the HTTP server while no wire fault is in force.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { LISTEN_MODES, type ListenMode } from './listen-modes.js';
import { WireFaults } from './faults/wire-faults.js';
import { lastRequest, type RequestHead } from './sniff.js';

export { LISTEN_MODES, type ListenMode };

const LOOPBACKS: Record<ListenMode, readonly string[]> = {
  dual: ['::1', '127.0.0.1'],
  ipv4: ['127.0.0.1'],
  ipv6: ['::1'],
  down: [],
};

export interface AdminShellOptions {
  /** 0 picks a free port on the first listen and keeps it for later ones. */
  port: number;
  mode?: ListenMode;
  /** Keep every request in `journal` (default true); listeners are told either way. */
  recordJournal?: boolean;
}

export interface JournalEntry {
  id: number;
  /** Date.now() when the request arrived. */
  start: number;
  /** Date.now() when the response was sent or the connection dropped. */
  end?: number;
  method: string;
  url: string;
  /** Which loopback the request came in on: '::1' or '127.0.0.1'. */
  localAddress: string;
  /** Set once the response head was sent. */
  status?: number;
  httpVersion: string;
  /** The wire faults that acted on it (`admin.reset --path /admin/**`). */
  faults?: string[];
}

/** A connection offered to the fast path, and what the shell needs to hear of it. */
export interface Relaying {
  /** Its only request: whole in its first bytes, and the connection's last. */
  readonly head: RequestHead;
  /** The relay has the connection: the request goes in the journal, as arrived with its first bytes. */
  taken(): void;
  /** The answer's status line went out (after taken). */
  answered(status: number): void;
  /** Not taken: the HTTP server gets the connection, its first bytes unread. */
  handOn(): void;
}

export abstract class AdminShell {
  /** Every request, in arrival order. */
  readonly journal: JournalEntry[] = [];
  /** The wire faults in force: what `harness chaos inject admin.*` adds. */
  readonly faults = new WireFaults();
  readonly #recordJournal: boolean;
  readonly #listeners = new Set<(e: JournalEntry) => void>();
  readonly #sockets = new Set<Socket>();
  #port: number;
  #mode: ListenMode;
  #servers: Server[] = [];
  #nextId = 1;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(opts: AdminShellOptions) {
    if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
      throw new RangeError(`admin server: the port must be a whole number from 0 to 65535, not ${opts.port}`);
    }
    this.#port = opts.port;
    this.#mode = checkedMode(opts.mode ?? 'dual');
    this.#recordJournal = opts.recordJournal ?? true;
  }

  /** Answers a request the faults let through (or released, or delayed). */
  protected abstract answer(req: IncomingMessage, res: ServerResponse): void;

  /** The answer the server gives with this status of its own accord (admin.status). */
  protected abstract answerStatus(req: IncomingMessage, res: ServerResponse, status: number): void;

  /** Takes a WebSocket handshake, past the faults as the stand-in's /ws/{sid}; false: the request is
   *  plain HTTP (Tomcat's WsFilter lets it through to Spring). */
  protected abstract takeUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;

  /** The fast path, where the subclass has one: takes the connection, or hands it on. */
  protected relay?(socket: Socket, first: Buffer, relaying: Relaying): void;

  /** The route patterns of its controllers (`/admin/employee/{id}`); undefined where they are not known. */
  abstract routePaths(): Promise<readonly string[] | undefined>;

  get port(): number {
    return this.#port;
  }

  get mode(): ListenMode {
    return this.#mode;
  }

  /** Listens as the mode says (nothing for down; nothing more if already listening). Rejects, with
   *  the port and address named, when one of them is taken or forbidden; then nothing listens. */
  start(): Promise<void> {
    return this.#serialized(() => this.#listen());
  }

  /** Closes the listeners and destroys every open connection, so the port is free when this
   *  resolves. Idempotent. */
  stop(): Promise<void> {
    return this.#serialized(() => this.#close());
  }

  /** Stops, then listens in the new mode. */
  setMode(mode: ListenMode): Promise<void> {
    checkedMode(mode);
    return this.#serialized(async () => {
      await this.#close();
      this.#mode = mode;
      await this.#listen();
    });
  }

  /** Calls `listener` twice per request: when it arrives (`end` undefined) and when its answer has
   *  been sent or its connection dropped (`end` set, `status` set if a response head went out).
   *  Both calls get the same entry object. Returns the unsubscribe function. */
  onRequest(listener: (e: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Empties the journal: what was asked before a run began (its warm-up) is not the run's. */
  forgetJournal(): void {
    this.journal.length = 0;
  }

  /** Where it listens now. */
  addresses(): { host: string; port: number }[] {
    return this.#servers.map((s) => {
      const a = s.address() as AddressInfo;
      return { host: a.address, port: a.port };
    });
  }

  /** start/stop/setMode run one at a time, in call order. */
  #serialized(op: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(op, op);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #listen(): Promise<void> {
    if (this.#servers.length > 0) return;
    for (const host of LOOPBACKS[this.#mode]) {
      try {
        this.#servers.push(await this.#listenOn(host));
      } catch (err) {
        await this.#close();
        throw listenError(err as NodeJS.ErrnoException, host, this.#port);
      }
    }
  }

  #listenOn(host: string): Promise<Server> {
    const web = http.createServer(this.#onRequest);
    web.on('upgrade', this.#onUpgrade);
    web.keepAliveTimeout = 60_000; // Tomcat's keep-alive, announced as `Keep-Alive: timeout=60`
    web.headersTimeout = 65_000;
    // With a fast path, a plain net server takes each connection first (the HTTP server's options).
    const server: Server = this.relay ? net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => this.#offer(socket, web)) : web;
    // The HTTP server's header and request timeouts run from its 'listening' to its close.
    if (server !== web) server.once('listening', () => web.emit('listening')).once('close', () => web.close());
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port: this.#port, ipv6Only: host === '::1' }, () => {
        server.off('error', reject);
        server.on('error', (err) => process.emitWarning(`admin server on ${host}: ${err.message}`));
        if (this.#port === 0) this.#port = (server.address() as AddressInfo).port;
        resolve(server);
      });
    });
  }

  async #close(): Promise<void> {
    const servers = this.#servers;
    this.#servers = [];
    const closed = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
    for (const socket of this.#sockets) socket.destroy(); // a fault's pending timers are cleared on 'close'
    await Promise.all(closed);
  }

  /** A new connection: to the fast path if it may take it, when its first bytes come; else to `web`. */
  #offer(socket: Socket, web: http.Server): void {
    const toWeb = () => void web.emit('connection', socket);
    if (this.faults.rules.length) return toWeb();
    // Before its first bytes, the connection is the shell's: an error or an end closes it, as the HTTP server would.
    const early = () => socket.destroy();
    socket.once('error', early).once('end', early);
    socket.once('data', (first: Buffer) => {
      socket.off('error', early).off('end', early).pause();
      const handOn = () => {
        socket.unshift(first);
        toWeb();
        socket.resume();
      };
      const head = this.faults.rules.length ? undefined : lastRequest(first);
      if (!head) return handOn();
      const start = Date.now();
      let entry: JournalEntry | undefined;
      this.relay!(socket, first, {
        head,
        taken: () => {
          entry = this.#arrived(start, head, socket);
          socket.once('close', () => this.#ended(entry!));
          this.#notify(entry);
        },
        answered: (status) => void (entry!.status = status),
        handOn,
      });
    });
  }

  #onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (this.takeUpgrade(req, socket, head)) return;
    if (head.length) socket.unshift(head);
    const res = new http.ServerResponse(req);
    res.assignSocket(socket as Socket);
    res.once('finish', () => socket.end());
    this.#onRequest(req, res);
  };

  #onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const entry = this.#arrived(Date.now(), { method: req.method ?? '', url: req.url ?? '', httpVersion: req.httpVersion }, req.socket);
    res.once('close', () => {
      if (res.headersSent) entry.status = res.statusCode;
      this.#ended(entry);
    });
    // The faults decide on arrival (nothing is answered before this returns): listeners learn of them with the arrival.
    const faults = this.faults.handle(
      req,
      res,
      () => this.answer(req, res),
      (status) => this.answerStatus(req, res, status),
    );
    if (faults.length) entry.faults = faults;
    this.#notify(entry);
  };

  /** A journal entry for a request that arrived at `start`. */
  #arrived(start: number, head: RequestHead, socket: Socket): JournalEntry {
    const entry: JournalEntry = { id: this.#nextId++, start, ...head, localAddress: (socket.localAddress ?? '').replace(/^::ffff:/, '') };
    if (this.#recordJournal) this.journal.push(entry);
    return entry;
  }

  #ended(entry: JournalEntry): void {
    entry.end = Date.now();
    this.#notify(entry);
  }

  #notify(entry: JournalEntry): void {
    for (const listener of this.#listeners) {
      try {
        listener(entry);
      } catch (err) {
        process.emitWarning(`admin server: an onRequest listener threw: ${(err as Error)?.message ?? err}`);
      }
    }
  }
}

function checkedMode(mode: ListenMode): ListenMode {
  if (!LISTEN_MODES.includes(mode)) throw new TypeError(`admin server: unknown listen mode "${mode}"; use one of ${LISTEN_MODES.join(', ')}`);
  return mode;
}

/** What went wrong, where, and what to do. */
function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  let text: string;
  switch (err.code) {
    case 'EADDRINUSE':
      text = `port ${port} on ${host} is already in use (EADDRINUSE): another process listens on ${where}. Stop it, or choose another port with --port.`;
      break;
    case 'EACCES':
      text = `not allowed to listen on port ${port} on ${host} (EACCES): ports below 1024 need elevated rights. Choose another port with --port.`;
      break;
    case 'EADDRNOTAVAIL':
    case 'EAFNOSUPPORT':
      text = `cannot listen on port ${port} on ${host} (${err.code}): this machine has no ${host} address${host === '::1' ? ' (IPv6 turned off?); use --mode ipv4' : ''}.`;
      break;
    default:
      text = `cannot listen on port ${port} on ${host}: ${err.message}`;
  }
  return Object.assign(new Error(`admin server: ${text}`, { cause: err }), { code: err.code });
}
