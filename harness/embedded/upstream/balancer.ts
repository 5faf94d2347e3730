// The upstream block's balancer, as nginx's peer.init hands each request its peer data: round
// robin by default, or ip_hash's or least_conn's choice on the same peers and their state.
import type { Balancer } from '../../nginx-conf/model.js';
import type { HttpRequest } from '../request.js';
import { IpHashSelection, hashedBytes } from './ip-hash.js';
import { LeastConnSelection } from './least-conn.js';
import { HashSelection } from './hash.js';
import { requestPass } from './request-pass.js';
import { evaluate } from '../variable-values.js';
import type { PeerGroup, PeerSelection } from './round-robin.js';

/** ngx_http_upstream_init_*_peer(): this request's selection, with its tries (proxy_next_upstream_tries). */
export function startSelection(peers: PeerGroup, balancer: Balancer, req: HttpRequest, nextTries: number): PeerSelection {
  const tries = peers.triesFor(nextTries);
  if (balancer === 'ip_hash') return new IpHashSelection(peers, tries, hashedBytes(req.conn.remoteAddress));
  if (balancer === 'least_conn') return new LeastConnSelection(peers, tries);
  const hash = requestPass(req)?.upstream.hash;
  if (balancer === 'hash' && hash) return new HashSelection(peers, tries, evaluate(req, hash.key), hash.consistent);
  return peers.start(nextTries);
}
