// nginx's shared memory zones (limit_req_zone's): what a module counts there, every worker sees,
// under the zone's mutex. Node's processes share no memory: as the connection counter does
// (connection-counter.ts), the zones are one file the master makes, and each change is a record
// appended to it. An append is atomic and has a place of its own, so the file's order is the order
// nginx's mutex would give: every worker applies the records in that order, gets the same state,
// and finds the outcome of its own change (a lookup, an account) when it reaches its own record.
// A worker that starts (a respawn, a reload) applies the file from its start: the zones outlive
// their workers, as nginx's do. One change costs an append and a read: about 20 µs on tmpfs, and
// the key's hash as much again, measured on the project's 2-core machine under load.
import { openSync, readSync, writeSync } from 'node:fs';

/** pid u32, op u8, 3 bytes unused, a u32, b u32, time f64 (ms), key 16 bytes. */
const RECORD = 40;

/** One change, as every worker reads it. */
export interface ZoneChange {
  op: number;
  a: number;
  b: number;
  /** Date.now() of the worker that made it (ngx_current_msec). */
  time: number;
  /** The zone's name and the key, hashed. */
  key: string;
}

/** What applying a change of one kind does to the state a module keeps; its result is the change's outcome. */
export type ApplyChange = (c: ZoneChange) => unknown;

const KINDS = new Map<number, ApplyChange>();

/** A module's kind of change: its op number, and how it is applied (by every worker, in the file's order). */
export function zoneChangeKind(op: number, apply: ApplyChange): void {
  if (KINDS.has(op)) throw new Error(`two kinds of zone change use op ${op}`);
  KINDS.set(op, apply);
}

/** The key of a change: the zone's name and the key's bytes (ngx_crc32_short() and the key itself, in nginx's tree). */
export function zoneKey(zone: string, key: string): Buffer {
  // node:crypto at first use, not with the worker (about 6 ms of its start).
  return process.getBuiltinModule('node:crypto').createHash('sha1').update(zone).update('\0').update(key, 'latin1').digest().subarray(0, 16);
}

/** A worker's end of the zones' file (WorkerEnv.sharedZones). */
export class SharedZones {
  private fd?: number;
  private readonly record = Buffer.alloc(RECORD);
  private readonly read = Buffer.alloc(RECORD * 1024);
  /** Every record before this place is applied. */
  private from = 0;

  constructor(
    private readonly path: string,
    private readonly pid = process.pid,
  ) {
    this.record.writeUInt32LE(pid, 0);
  }

  /** Makes the change (after every change made before it, in any worker) and returns its outcome. */
  change(op: number, key: Buffer, a = 0, b = 0): unknown {
    // Opened at the first change: a worker whose conf has no zone never opens it.
    this.fd ??= openSync(this.path, 'a+');
    this.record.writeUInt8(op, 4);
    this.record.writeUInt32LE(a, 8);
    this.record.writeUInt32LE(b, 12);
    this.record.writeDoubleLE(Date.now(), 16);
    key.copy(this.record, 24);
    writeSync(this.fd, this.record);
    for (;;) {
      const n = readSync(this.fd, this.read, 0, this.read.length, this.from);
      if (n < RECORD) throw new Error(`${this.path}: no record of process ${this.pid} after appending one (was the file truncated?)`);
      for (let at = 0; at + RECORD <= n; at += RECORD) {
        this.from += RECORD;
        const outcome = this.apply(this.read.subarray(at, at + RECORD));
        if (this.read.readUInt32LE(at) === this.pid) return outcome;
      }
    }
  }

  private apply(r: Buffer): unknown {
    const apply = KINDS.get(r.readUInt8(4));
    return apply?.({ op: r.readUInt8(4), a: r.readUInt32LE(8), b: r.readUInt32LE(12), time: r.readDoubleLE(16), key: r.toString('hex', 24, 40) });
  }
}
