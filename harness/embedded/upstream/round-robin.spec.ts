// nginx's smooth weighted round robin with max_fails / fail_timeout (harness/embedded/round-robin.ts),
// without an engine: the peer orders nginx 1.22.1 showed (refused peers, one-family upstreams)
// replayed on a PeerGroup whose clock is the test's (whole seconds, as nginx's cached clock), at the
// seconds they were captured. Each request runs as ngx_http_upstream_next() runs it: a failed peer is released as
// failed and the next one tried while tries are left; no peer at all is `no live upstreams`.
import { test, expect } from '@playwright/test';
import { PeerGroup, type PeerSpec } from './round-robin.js';

const spec = (name: string, o: Partial<PeerSpec> = {}): PeerSpec => ({
  name,
  host: name.replace(/^\[|\]:\d+$|:\d+$/g, ''),
  port: 8080,
  family: name.startsWith('[') ? 6 : 4,
  weight: 1,
  maxFails: 1,
  failTimeoutMs: 10_000,
  down: false,
  ...o,
});

/** The implicit upstream of `proxy_pass http://localhost:8080/...`: [::1] then 127.0.0.1. */
const LOCALHOST = [spec('[::1]:8080'), spec('127.0.0.1:8080')];

class Clock {
  now = 0;
  readonly read = () => this.now;
}

/** One request: what happened at each try, e.g. ['refused [::1]:8080', 'ok 127.0.0.1:8080']. */
function request(group: PeerGroup, up: (peer: string) => boolean): string[] {
  const selection = group.start();
  const out: string[] = [];
  for (;;) {
    const peer = selection.next();
    if (!peer) {
      out.push('no live upstreams');
      return out;
    }
    if (up(peer.name)) {
      selection.release(false);
      out.push(`ok ${peer.name}`);
      return out;
    }
    selection.release(true);
    out.push(`refused ${peer.name}`);
    if (selection.tries === 0) return out;
  }
}

/** Requests at the given seconds; `up` says which peers listen at that moment. */
function timeline(group: PeerGroup, clock: Clock, at: number[], up: (peer: string, i: number) => boolean): string[][] {
  return at.map((second, i) => {
    clock.now = second;
    return request(group, (peer) => up(peer, i));
  });
}

test('2a/2b: nothing listening: [::1] then 127.0.0.1, no live upstreams inside fail_timeout, then 127.0.0.1 first on every recovery', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  // scen.sh s2: requests at 07:12:19, :20, :25, :32, :32, :43.
  expect(timeline(g, clock, [19, 20, 25, 32, 32, 43], () => false)).toEqual([
    ['refused [::1]:8080', 'refused 127.0.0.1:8080'],
    ['no live upstreams'],
    ['no live upstreams'],
    ['refused 127.0.0.1:8080', 'refused [::1]:8080'],
    ['no live upstreams'],
    ['refused 127.0.0.1:8080', 'refused [::1]:8080'],
  ]);
});

test('2b: a failed peer is skipped while now - checked <= fail_timeout: 11 whole-second ticks after the failure it is back', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  expect(timeline(g, clock, [100, 110, 111], () => false)).toEqual([
    ['refused [::1]:8080', 'refused 127.0.0.1:8080'],
    ['no live upstreams'],
    ['refused 127.0.0.1:8080', 'refused [::1]:8080'],
  ]);
});

test('2b: the upstream server temporarily disabled [warn] is due on each failure of a max_fails=1 peer', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  const s = g.start();
  const a = s.next()!;
  expect(s.release(true)).toBe(true);
  const b = s.next()!;
  expect(s.release(true)).toBe(true);
  expect([a.name, b.name]).toEqual(['[::1]:8080', '127.0.0.1:8080']);
});

test('3a: 127.0.0.1 only: one refused [::1], then [::1] skipped; after the window it is probed by the 3rd request', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  // scen.sh s3a: 07:11:32, :33, :34, then :45 x4, :46 x4.
  const at = [32, 33, 34, 45, 45, 45, 45, 46, 46, 46, 46];
  const r = timeline(g, clock, at, (peer) => peer.startsWith('127'));
  expect(r[0]).toEqual(['refused [::1]:8080', 'ok 127.0.0.1:8080']);
  expect(r[5]).toEqual(['refused [::1]:8080', 'ok 127.0.0.1:8080']);
  for (const i of [1, 2, 3, 4, 6, 7, 8, 9, 10]) expect(r[i], `request ${i + 1}`).toEqual(['ok 127.0.0.1:8080']);
});

test('3b: [::1] only: the first request goes to [::1]; the second tries 127.0.0.1 and falls back; probed again by the 3rd after the window', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  const at = [53, 54, 54, 65, 65, 66, 66];
  expect(timeline(g, clock, at, (peer) => peer.startsWith('['))).toEqual([
    ['ok [::1]:8080'],
    ['refused 127.0.0.1:8080', 'ok [::1]:8080'],
    ['ok [::1]:8080'],
    ['ok [::1]:8080'],
    ['ok [::1]:8080'],
    ['refused 127.0.0.1:8080', 'ok [::1]:8080'],
    ['ok [::1]:8080'],
  ]);
});

test('3c: both listening: strict alternation starting with [::1]', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  const r = timeline(g, clock, [13, 13, 14, 14, 14, 14], () => true);
  expect(r.map((x) => x[0])).toEqual(['ok [::1]:8080', 'ok 127.0.0.1:8080', 'ok [::1]:8080', 'ok 127.0.0.1:8080', 'ok [::1]:8080', 'ok 127.0.0.1:8080']);
});

test('3d: a v4-only upstream that dies: connect() failed and no live upstreams in the same request', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  expect(timeline(g, clock, [56, 56, 57, 57], (peer, i) => peer.startsWith('127') && i < 2)).toEqual([
    ['refused [::1]:8080', 'ok 127.0.0.1:8080'],
    ['ok 127.0.0.1:8080'],
    ['refused 127.0.0.1:8080', 'no live upstreams'],
    ['no live upstreams'],
  ]);
});

test('smooth weighted round robin: weights 5, 1, 1 give a a b a c a a', () => {
  const clock = new Clock();
  const g = new PeerGroup('u', [spec('a:1', { weight: 5 }), spec('b:1'), spec('c:1')], clock.read);
  const r = timeline(g, clock, [1, 1, 1, 1, 1, 1, 1, 1], () => true);
  expect(r.map((x) => x[0].slice(3, 4)).join(' ')).toBe('a a b a c a a a');
});

test('max_fails=0: a peer is never disabled; max_fails=2: disabled on the second failure', () => {
  const clock = new Clock();
  const never = new PeerGroup('u', [spec('a:1', { maxFails: 0 }), spec('b:1', { maxFails: 0 })], clock.read);
  expect(timeline(never, clock, [1, 1, 1], () => false).map((x) => x.length)).toEqual([2, 2, 2]);
  const two = new PeerGroup('u', [spec('a:1', { maxFails: 2 }), spec('b:1', { maxFails: 2 })], clock.read);
  expect(timeline(two, clock, [1, 1, 1], () => false)).toEqual([
    ['refused a:1', 'refused b:1'],
    ['refused b:1', 'refused a:1'],
    ['no live upstreams'],
  ]);
});

test('a single peer (upstream webservers { server 127.0.0.1:8080 weight=90; }) is never marked failed and gets one try', () => {
  const clock = new Clock();
  const g = new PeerGroup('webservers', [spec('127.0.0.1:8080', { weight: 90 })], clock.read);
  expect(timeline(g, clock, [1, 1, 2], (_p, i) => i === 2)).toEqual([['refused 127.0.0.1:8080'], ['refused 127.0.0.1:8080'], ['ok 127.0.0.1:8080']]);
});

test('proxy_next_upstream_tries 1: only the first peer is tried', () => {
  const clock = new Clock();
  const g = new PeerGroup('localhost', LOCALHOST, clock.read);
  const s = g.start(1);
  expect(s.next()!.name).toBe('[::1]:8080');
  s.release(true);
  expect(s.tries).toBe(0);
});

test('backup peers: tried only once no primary can be, in a round robin of their own; a lone primary is then no single peer', () => {
  const clock = new Clock();
  const g = new PeerGroup('u', [spec('p:1'), spec('b1:1', { backup: true }), spec('b2:1', { backup: true, weight: 3 })], clock.read);
  // Primary up: the backups are never asked.
  expect(timeline(g, clock, [1, 1], () => true)).toEqual([['ok p:1'], ['ok p:1']]);
  // Primary refused: one try of it, counted as a failure, then the backups, b2 weighted 3.
  expect(timeline(g, clock, [2, 2, 2, 2], (p) => p !== 'p:1')).toEqual([['refused p:1', 'ok b2:1'], ['ok b1:1'], ['ok b2:1'], ['ok b2:1']]);
  // Everything refused with the primary inside its fail window: its try is left over, so the same
  // request ends in no live upstreams (as in 3d), and so does the next.
  expect(timeline(g, clock, [3, 3], () => false)).toEqual([['refused b2:1', 'refused b1:1', 'no live upstreams'], ['no live upstreams']]);
  // Once the primary's fail_timeout has passed it is tried first again.
  expect(timeline(g, clock, [20], () => true)).toEqual([['ok p:1']]);
});

test('a down peer takes no try: tries are the peers not down, backups included', () => {
  const g = new PeerGroup('u', [spec('a:1', { down: true }), spec('b:1'), spec('c:1', { backup: true }), spec('d:1', { backup: true, down: true })]);
  expect(g.start().tries).toBe(2);
  expect(g.start(5).tries).toBe(2);
});
