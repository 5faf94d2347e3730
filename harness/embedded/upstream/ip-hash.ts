// ip_hash (ngx_http_upstream_ip_hash_module.c): the client's address picks the peer, so that a
// client keeps its server: the first three octets of an IPv4 address, all sixteen bytes of an IPv6
// one. A peer that cannot be tried makes the hash go on; after 20 such steps, round robin decides.
import { isIPv4, isIPv6 } from 'node:net';
import { PeerSelection, type Peer, type PeerGroup } from './round-robin.js';

/** ngx_http_upstream_ip_hash_pseudo_addr: what a client without an IP address hashes as. */
const PSEUDO_ADDRESS = [0, 0, 0];

/** The bytes ip_hash reads of the client's address (iphp->addr, iphp->addrlen). */
export function hashedBytes(address: string): number[] {
  if (isIPv4(address)) return address.split('.').slice(0, 3).map(Number);
  if (!isIPv6(address)) return PSEUDO_ADDRESS;
  return ipv6Words(address).flatMap((w) => [w >> 8, w & 0xff]);
}

/** An IPv6 address's eight 16-bit words: `::` filled with zeros, a dotted IPv4 tail as two words. */
function ipv6Words(address: string): number[] {
  const words = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((w) => (isIPv4(w) ? w.split('.').map(Number).reduce<number[]>((ws, b, i) => (i % 2 ? [...ws.slice(0, -1), (ws[ws.length - 1] << 8) | b] : [...ws, b]), []) : [parseInt(w, 16)]));
  const [head, tail] = address.split('::');
  if (tail === undefined) return words(head);
  const h = words(head);
  const t = words(tail);
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

export class IpHashSelection extends PeerSelection {
  /** iphp->hash: 89 at the start, carried on from try to try. */
  private hash = 89;
  /** iphp->tries: the steps taken past peers that could not be tried. */
  private steps = 0;

  constructor(group: PeerGroup, tries: number, private readonly address: number[]) {
    super(group, tries);
  }

  /** ngx_http_upstream_get_ip_hash_peer(). */
  override next(): Peer | undefined {
    const group = this.group;
    if (this.steps > 20 || group.single) return super.next();
    const total = group.peers.reduce((n, p) => n + p.weight, 0);
    for (;;) {
      let hash = this.hash;
      for (const b of this.address) hash = (hash * 113 + b) % 6271;
      this.hash = hash;
      let w = hash % total;
      let i = 0;
      while (w >= group.peers[i].weight) w -= group.peers[i++].weight;
      const peer = group.peers[i];
      if (!this.tried.has(peer) && !peer.down && !group.failedRecently(peer)) return this.take(group.chosen(peer));
      if (++this.steps > 20) return super.next();
    }
  }
}
