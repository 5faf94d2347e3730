// What an explanation needs from the rest of the log, gathered once as the lines go by, so that
// the doctor stays linear however long the log: the admin server's port per nginx process, the
// refusals and `no live upstreams` of each process per second (the IPv4/IPv6 verdict looks 60 s
// either side of a try), whether the log went on at least 5 s after a refused try, the first
// request nginx handled after a crash, and the nginx folders its paths name.
import type { ErrorLogEntry } from '../logs/error-log.js';
import { detached, errnoIs, fileOp, isConnectFailure, linePeer, nginxFolder } from './facts.js';
import { MinHeap } from './heap.js';

/** One line of the error log, parsed. */
export interface Line {
  no: number;
  text: string;
  entry: ErrorLogEntry;
  /** Seconds on a naive clock (see facts.seconds); undefined for the stderr form. */
  t?: number;
}

interface Nearby {
  no: number;
  /** The peer refused (`[::1]:8080`); absent for `no live upstreams`. */
  peer?: string;
}

/** `no live upstreams` (no port) or a refusal on `port|family`, in one second of one process. */
interface Down extends Nearby {
  /** port * 10 + family, for a refusal. */
  on?: number;
}


const MAX_FOLDERS = 8;
/** How much log time of refusals is kept: far more than the verdict's 60 s either side (s). */
const KEEP_S = 3600;
/** A worker's exit or a failed respawn: after it, does nginx serve requests again? */
const CRASH = /^worker process \d+ exited|^could not respawn/;

export class LogIndex {
  private portByPid = new Map<number, number>();
  private seconds = new Map<number, Map<number, Down[]>>();
  /** Refused tries waiting for a line 5 s later: a min-heap on the time that line needs. */
  private waiting = new MinHeap<number>();
  private wentOn = new Set<number>();
  /** Refused tries waiting to see whether the log goes on 5 s without their retry, and not forgotten. */
  private unsettled = new Set<number>();
  /** Lines waiting for the next request line, and the request line each got. */
  private awaitingRequest: number[] = [];
  private requestAfterLine = new Map<number, number>();
  /** nginx folders named by the log's paths (the first few), with the first line naming each. */
  readonly folders = new Map<string, number>();
  /** Lines came through journald or syslog: a service manager (systemd) runs this nginx. */
  serviceManager = false;

  add(l: Line): void {
    const e = l.entry;
    if (e.client !== undefined && this.awaitingRequest.length) {
      for (const no of this.awaitingRequest) this.requestAfterLine.set(no, l.no);
      this.awaitingRequest = [];
    }
    if (CRASH.test(e.message)) this.awaitingRequest.push(l.no);
    const op = fileOp(e);
    const folder = op && nginxFolder(op.path);
    if (folder && this.folders.size < MAX_FOLDERS && !this.folders.has(folder)) this.folders.set(folder, l.no);
    if (l.t !== undefined) for (const no of this.waiting.popUntil(l.t, true)) if (this.unsettled.delete(no)) this.wentOn.add(no);
    const peer = linePeer(e);
    if (e.pid === undefined) return;
    if (peer?.port !== undefined && !this.portByPid.has(e.pid)) this.portByPid.set(e.pid, peer.port);
    if (l.t === undefined) return;
    const nolive = e.message === 'no live upstreams';
    const refused = isConnectFailure(e) && errnoIs.refused(e) && peer?.port !== undefined && peer.family !== undefined;
    if (!nolive && !refused) return;
    let byPid = this.seconds.get(e.pid);
    if (!byPid) this.seconds.set(e.pid, (byPid = new Map()));
    let downs = byPid.get(l.t);
    if (!downs) byPid.set(l.t, (downs = []));
    // downAround() asks for the first line of a second on each peer: only that one is kept, so
    // that a load test's thousands of refusals a second cost no more than one.
    const on = nolive ? undefined : peer!.port! * 10 + peer!.family!;
    if (!downs.some((d) => d.on === on)) downs.push(nolive ? { no: l.no } : { no: l.no, on, peer: detached(peer!.text) });
    if (!nolive) {
      this.waiting.push(l.t + 5, l.no);
      this.unsettled.add(l.no);
    }
  }

  /**
   * Forgets the refusals of seconds before `t` (checked at most once an hour of log time): called
   * once the groups that could still ask about them are explained.
   */
  prune(t: number): void {
    if (t < this.prunedTo + KEEP_S) return;
    this.prunedTo = t;
    for (const [pid, byPid] of this.seconds) {
      for (const s of byPid.keys()) if (s < t - KEEP_S) byPid.delete(s);
      if (!byPid.size) this.seconds.delete(pid);
    }
  }
  private prunedTo = -Infinity;

  /** The port this nginx process proxied to first (the admin server's, for the course's conf). */
  port(pid: number | undefined): number | undefined {
    return pid === undefined ? undefined : this.portByPid.get(pid);
  }

  /**
   * The first line (in log order) of process `pid` within `windowS` seconds of `t` that shows the
   * admin server down on both families: a `no live upstreams`, or a refusal on `port` of `family`.
   */
  downAround(pid: number | undefined, t: number | undefined, port: number | undefined, family: 4 | 6, windowS: number): Nearby | undefined {
    const byPid = pid === undefined ? undefined : this.seconds.get(pid);
    if (!byPid || t === undefined) return undefined;
    let best: Nearby | undefined;
    const on = (port ?? -1) * 10 + family;
    for (let s = t - windowS; s <= t + windowS; s++) {
      for (const d of byPid.get(s) ?? []) if ((d.on === undefined || d.on === on) && (!best || d.no < best.no)) best = d;
    }
    return best;
  }

  /** A later line of the log is at least 5 s after this refused try: the log went on without its retry. */
  wentOnAfter(no: number): boolean {
    return this.wentOn.has(no);
  }

  /** The first line about a request after the crash line `no`: nginx was serving again. */
  requestAfter(no: number): number | undefined {
    return this.requestAfterLine.get(no);
  }

  /** The line is explained for good: forget what was kept for it. */
  forget(no: number): void {
    this.unsettled.delete(no);
    this.wentOn.delete(no);
    this.requestAfterLine.delete(no);
  }
}
