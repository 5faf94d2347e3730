// nginx's smooth weighted round robin with max_fails/fail_timeout, per worker, as in
// src/http/ngx_http_upstream_round_robin.c: ngx_http_upstream_get_peer() and
// ngx_http_upstream_free_round_robin_peer(), and its backup peers (peers->next), which a request
// turns to only when no primary peer can be tried, and which have a round robin of their own. Times are whole seconds of a cached clock, as in nginx,
// which is why a failed peer comes back after 10-12 s of real time, not exactly 10.

export interface PeerAddress {
  /** `[::1]:8080` / `127.0.0.1:8080` / `unix:/path`: the text nginx prints in `upstream: "http://<name>/..."`. */
  name: string;
  /** The address, or a UNIX-domain socket's path. */
  host: string;
  port: number;
  family: 4 | 6 | 'unix';
}

export interface Peer extends PeerAddress {
  server?: string;
  weight: number;
  maxFails: number;
  /** fail_timeout in whole seconds. */
  failTimeout: number;
  down: boolean;
  currentWeight: number;
  effectiveWeight: number;
  fails: number;
  accessed: number;
  checked: number;
  /** Requests using it now, in this worker (peer->conns): least_conn's measure. */
  conns: number;
}

export interface PeerSpec extends PeerAddress {
  /** The `server` directive's address as written (peer->server): `hash consistent` hashes it. */
  server?: string;
  weight: number;
  maxFails: number;
  failTimeoutMs: number;
  down: boolean;
  /** `server ... backup`. */
  backup?: boolean;
}

/** The peers of one upstream in one worker, with their shared state (ngx_http_upstream_rr_peers_t). */
export class PeerGroup {
  readonly peers: Peer[];
  /** The backup peers (peers->next), when the upstream has any. */
  readonly backup?: PeerGroup;
  /** One peer and no backup: nginx counts no failure of it and tries it once. */
  readonly single: boolean;
  /** peers->tries: a down peer takes no try. */
  readonly tries: number;

  constructor(
    /** The group's name as `no live upstreams` prints it: `localhost`, `webservers`. */
    readonly name: string,
    specs: PeerSpec[],
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    /** This is the backup list of an upstream: every spec is a backup peer, and the list is never single. */
    isBackup = false,
  ) {
    this.peers = specs
      .filter((s) => isBackup || !s.backup)
      .map((s) => ({
        ...s,
        failTimeout: Math.floor(s.failTimeoutMs / 1000),
        currentWeight: 0,
        effectiveWeight: s.weight,
        fails: 0,
        accessed: 0,
        checked: 0,
        conns: 0,
      }));
    const backups = isBackup ? [] : specs.filter((s) => s.backup);
    if (backups.length) this.backup = new PeerGroup(name, backups, now, true);
    this.single = this.peers.length === 1 && !this.backup && !isBackup;
    this.tries = this.peers.filter((p) => !p.down).length;
  }

  /** State for one request: which peers it has tried and how many tries it has left (ngx_http_upstream_tries()). */
  start(maxTries = 0): PeerSelection {
    return new PeerSelection(this, this.triesFor(maxTries));
  }

  /** pc->tries: every peer that is not down, the backup ones too, at most proxy_next_upstream_tries. */
  triesFor(maxTries: number): number {
    const n = this.tries + (this.backup?.tries ?? 0);
    return maxTries > 0 ? Math.min(n, maxTries) : n;
  }

  /** A peer that failed max_fails times within fail_timeout is not tried until fail_timeout has passed. */
  failedRecently(peer: Peer, now = this.now()): boolean {
    return peer.maxFails > 0 && peer.fails >= peer.maxFails && now - peer.checked <= peer.failTimeout;
  }

  /** The chosen peer's fail_timeout starts again once it has run out (peer->checked). */
  chosen(peer: Peer, now = this.now()): Peer {
    if (now - peer.checked > peer.failTimeout) peer.checked = now;
    return peer;
  }

  /**
   * ngx_http_upstream_get_peer(): the best eligible peer not yet tried, or undefined (NGX_BUSY); the
   * smooth weighted round robin among `among` (least_conn's tie), by default every peer.
   */
  pick(tried: Set<Peer>, among?: (peer: Peer) => boolean): Peer | undefined {
    if (this.single) {
      const p = this.peers[0];
      return p.down || tried.has(p) ? undefined : p;
    }
    const now = this.now();
    let best: Peer | undefined;
    let total = 0;
    for (const peer of this.peers) {
      if (tried.has(peer) || peer.down || (among && !among(peer))) continue;
      if (this.failedRecently(peer, now)) continue;
      peer.currentWeight += peer.effectiveWeight;
      total += peer.effectiveWeight;
      if (peer.effectiveWeight < peer.weight) peer.effectiveWeight++;
      if (!best || peer.currentWeight > best.currentWeight) best = peer;
    }
    if (!best) return undefined;
    best.currentWeight -= total;
    return this.chosen(best, now);
  }

  /** ngx_http_upstream_free_round_robin_peer(). Returns true when the peer was just disabled (nginx's [warn]). */
  free(peer: Peer, failed: boolean): boolean {
    if (this.single) return false;
    if (failed) {
      const now = this.now();
      peer.fails++;
      peer.accessed = now;
      peer.checked = now;
      let disabled = false;
      if (peer.maxFails) {
        peer.effectiveWeight -= Math.floor(peer.weight / peer.maxFails);
        disabled = peer.fails >= peer.maxFails;
      }
      if (peer.effectiveWeight < 0) peer.effectiveWeight = 0;
      return disabled;
    }
    if (peer.accessed < peer.checked) peer.fails = 0;
    return false;
  }
}

export class PeerSelection {
  protected readonly tried = new Set<Peer>();
  current?: Peer;
  /** The peer this request counts in (peer->conns): the last one tried, until the request ends. */
  private holding?: Peer;

  constructor(
    /** The list peers come from (rrp->peers): the primary peers, then, once none could be tried, the backup ones. */
    protected group: PeerGroup,
    /** pc->tries */
    public tries: number,
  ) {}

  /** The upstream's name, as `no live upstreams` prints it. */
  get name(): string {
    return this.group.name;
  }

  /** ngx_http_upstream_get_round_robin_peer(): a peer, from the backup list when no primary one is left. */
  next(): Peer | undefined {
    return this.take(this.choose((g) => g.pick(this.tried)));
  }

  /** `pick` from the primary peers, then from the backup ones when it finds none. */
  protected choose(pick: (group: PeerGroup) => Peer | undefined): Peer | undefined {
    const peer = pick(this.group);
    if (peer || !this.group.backup) return peer;
    this.group = this.group.backup;
    this.tried.clear();
    return pick(this.group);
  }

  /** The peer chosen: tried, and the request counts on it instead of on the one tried before. */
  protected take(peer: Peer | undefined): Peer | undefined {
    this.current = peer;
    this.done();
    if (peer) {
      this.tried.add(peer);
      peer.conns++;
      this.holding = peer;
    }
    return peer;
  }

  /** The request has ended (ngx_http_upstream_finalize_request() frees its peer): it counts on none. */
  done(): void {
    if (this.holding) this.holding.conns--;
    this.holding = undefined;
  }

  /** Ends the use of the current peer; a single-peer group allows no further try. */
  release(failed: boolean): boolean {
    const peer = this.current;
    if (!peer) return false;
    this.current = undefined;
    if (this.group.single) {
      this.tries = 0;
      return false;
    }
    const disabled = this.group.free(peer, failed);
    if (this.tries) this.tries--;
    return disabled;
  }
}
