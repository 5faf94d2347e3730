// `hash <key>` (ngx_http_upstream_hash_module.c): the key's CRC32 picks the peer by weight, as
// Cache::Memcached does; `consistent`: ketama's points, 160 for each unit of weight, each peer's
// made from crc32(HOST \0 PORT PREV_HASH) of its `server` address. A peer that cannot be tried
// moves the hash on; after 20 such steps, or for an empty key, round robin decides.
import { PeerSelection, type Peer, type PeerGroup } from './round-robin.js';

// node:zlib at the first hash, not with the worker (~4 ms of its start).
const crc32 = (data: Buffer, value?: number) => process.getBuiltinModule('node:zlib').crc32(data, value);

interface Point {
  hash: number;
  server: string;
}

const pointsOf = new WeakMap<PeerGroup, Point[]>();

/** ngx_http_upstream_update_chash(): every primary peer's points (down ones too), sorted, no hash twice. */
export function chashPoints(group: PeerGroup): Point[] {
  let points = pointsOf.get(group);
  if (points) return points;
  const all: Point[] = [];
  for (const peer of group.peers) {
    const server = peer.server ?? peer.name;
    const base = Buffer.concat([...hostAndPort(server).flatMap((part, i) => (i ? [Buffer.from([0]), Buffer.from(part, 'latin1')] : [Buffer.from(part, 'latin1')]))]);
    const prev = Buffer.alloc(4);
    for (let j = 0; j < peer.weight * 160; j++) {
      const hash = crc32(Buffer.concat([base, prev]));
      all.push({ hash, server });
      // prev_hash is a uint32 read as its bytes: little-endian on the machines nginx runs on here.
      prev.writeUInt32LE(hash);
    }
  }
  all.sort((a, b) => a.hash - b.hash);
  points = all.filter((p, i) => i === 0 || p.hash !== all[i - 1].hash);
  pointsOf.set(group, points);
  return points;
}

/** The host and the port of a `server` address as the chash init splits it: a `unix:` path has no port. */
function hostAndPort(server: string): [string, string] {
  if (server.slice(0, 5).toLowerCase() === 'unix:') return [server.slice(5), ''];
  const m = /^(.*):(\d*)$/.exec(server);
  return m ? [m[1], m[2]] : [server, ''];
}

/** ngx_http_upstream_find_chash_point(): the first point at or past `hash` (may be one past the last). */
function firstPoint(points: Point[], hash: number): number {
  let [lo, hi] = [0, points.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (hash > points[mid].hash) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class HashSelection extends PeerSelection {
  /** hp->hash: the sum of the steps (plain), or the point's index (consistent). */
  private hash = 0;
  private rehash = 0;
  private steps = 0;

  constructor(group: PeerGroup, tries: number, private readonly key: string, private readonly consistent: boolean) {
    super(group, tries);
    if (consistent && key) this.hash = firstPoint(chashPoints(group), crc32(Buffer.from(key, 'latin1')));
  }

  override next(): Peer | undefined {
    if (this.steps > 20 || this.group.single || !this.key) return super.next();
    return this.consistent ? this.nextPoint() : this.nextHash();
  }

  /** ngx_http_upstream_get_hash_peer(): ((crc32([REHASH] KEY) >> 16) & 0x7fff) added each step. */
  private nextHash(): Peer | undefined {
    const group = this.group;
    const total = group.peers.reduce((n, p) => n + p.weight, 0);
    for (;;) {
      const text = (this.rehash > 0 ? String(this.rehash) : '') + this.key;
      this.hash += (crc32(Buffer.from(text, 'latin1')) >>> 16) & 0x7fff;
      this.rehash++;
      let w = this.hash % total;
      let i = 0;
      while (w >= group.peers[i].weight) w -= group.peers[i++].weight;
      const peer = group.peers[i];
      if (!this.tried.has(peer) && !peer.down && !group.failedRecently(peer)) return this.take(group.chosen(peer));
      if (++this.steps > 20) return super.next();
    }
  }

  /** ngx_http_upstream_get_chash_peer(): the point's server; among its peers, round robin. */
  private nextPoint(): Peer | undefined {
    const group = this.group;
    const points = chashPoints(group);
    for (;;) {
      const server = points[this.hash % points.length].server;
      const peer = group.pick(this.tried, (p) => (p.server ?? p.name) === server);
      if (peer) return this.take(peer);
      this.hash++;
      if (++this.steps > 20) return super.next();
    }
  }
}
