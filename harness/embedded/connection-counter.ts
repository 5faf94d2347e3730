// ngx_connection_counter: the `*N` of every error-log line. nginx keeps one counter for all its
// workers, in memory the master shares with them (ngx_event_module_init), and each worker takes
// the next number with an atomic fetch-add when it accepts a client connection
// (ngx_event_accept) and when it makes an upstream one (ngx_event_connect_peer). A worker that
// counted on its own would give two connections the same number, and restart at *1 when respawned.
// Node's processes share no memory: the counter is a file the master makes, and each number taken
// is one record appended to it, the taker's pid. An append is atomic, so every record has a place
// of its own, and that place is the number: the taker finds its record as the first with its pid
// after its last one (two system calls a number, ~2.5 µs on tmpfs, measured).
import { closeSync, fstatSync, openSync, readSync, readdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { linux, pidExists, sharedMemoryDir } from '../platform.js';

const RECORD = 4;

/**
 * The master's: makes the counter (no number taken yet) and removes it. On Linux the file is
 * unlinked at once and the workers open it through the master's descriptor in /proc, so that
 * nothing is left behind even when the master is killed (nginx's shared memory goes with it too).
 */
export class SharedCounterFile {
  readonly path: string;
  private fd?: number;
  private readonly named?: string;

  constructor() {
    removeStaleCounters();
    // node:crypto at first use: a worker, which loads this file too, never needs it.
    const file = join(sharedMemoryDir(), `${PREFIX}${process.pid}-${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}`);
    const fd = openSync(file, 'wx', 0o600);
    this.fd = fd;
    if (linux()) {
      unlinkSync(file);
      this.path = `/proc/${process.pid}/fd/${fd}`;
    } else this.path = this.named = file;
  }

  remove(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    if (this.named) rmSync(this.named, { force: true });
  }
}

const PREFIX = 'harness-nginx-counter-';

/**
 * Where the file keeps its name (not on Linux), a master that was killed (SIGKILL) left it: the
 * next master removes the counters whose master is gone, named by its pid.
 */
function removeStaleCounters(): void {
  if (linux()) return;
  let names: string[];
  try {
    names = readdirSync(sharedMemoryDir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^harness-nginx-counter-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
    if (pid && !pidExists(pid)) rmSync(join(sharedMemoryDir(), name), { force: true });
  }
}

/** A worker's end of the counter. */
export class ConnectionCounter {
  private readonly fd: number;
  private readonly record = Buffer.alloc(RECORD);
  /** What other workers appended since this one's last record: a few records at most, as a rule. */
  private readonly after = Buffer.alloc(64 * 1024);
  /** Where this worker's next record can be first: records before are others' (or a dead worker's of the same pid). */
  private from: number;

  constructor(
    private readonly path: string,
    private readonly pid = process.pid,
  ) {
    this.fd = openSync(path, 'a+');
    this.record.writeUInt32LE(pid);
    this.from = fstatSync(this.fd).size;
  }

  /** ngx_atomic_fetch_add(ngx_connection_counter, 1): *1 first. */
  next(): number {
    writeSync(this.fd, this.record);
    for (;;) {
      const n = readSync(this.fd, this.after, 0, this.after.length, this.from);
      if (n < RECORD) throw new Error(`${this.path}: no record of process ${this.pid} after appending one (was the file truncated?)`);
      for (let at = 0; at + RECORD <= n; at += RECORD) {
        if (this.after.readUInt32LE(at) !== this.pid) continue;
        const place = this.from + at;
        this.from = place + RECORD;
        return place / RECORD + 1;
      }
      this.from += n - (n % RECORD);
    }
  }
}
