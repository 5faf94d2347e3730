// least_conn (ngx_http_upstream_least_conn_module.c): the peer with the fewest requests on it for
// its weight (conns / weight); among peers that tie, smooth weighted round robin decides. The
// backup peers are asked only when no primary one can be tried.
import { PeerSelection, type Peer, type PeerGroup } from './round-robin.js';

export class LeastConnSelection extends PeerSelection {
  /** ngx_http_upstream_get_least_conn_peer(). */
  override next(): Peer | undefined {
    if (this.group.single) return super.next();
    return this.take(this.choose((group) => this.least(group)));
  }

  private least(group: PeerGroup): Peer | undefined {
    let best: Peer | undefined;
    let tie = false;
    for (const peer of group.peers) {
      if (this.tried.has(peer) || peer.down || group.failedRecently(peer)) continue;
      // conns / weight compared without division, as nginx does.
      if (!best || peer.conns * best.weight < best.conns * peer.weight) [best, tie] = [peer, false];
      else if (peer.conns * best.weight === best.conns * peer.weight) tie = true;
    }
    if (!best || !tie) return best && group.chosen(best);
    const fewest = best;
    return group.pick(this.tried, (peer) => peer.conns * fewest.weight === fewest.conns * peer.weight);
  }
}
