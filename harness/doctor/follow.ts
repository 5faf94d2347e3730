// --follow: watch a live error log and report each incident once it is complete. The log as it
// stands is read first, whole, and stays the context of every verdict (a refusal's pair, the
// process's port, `no live upstreams` around it); what it ends with and may still grow (the first
// try of a refused pair, say) is carried over and reported whole. New bytes are polled (a log on a
// Windows share or in a container does not always raise change events); a group of lines is
// reported once nothing more can join it: a refused pair at once, anything else once no new line
// joined it for settleMs (a Windows retry comes ~2 s after the first refusal). The groups waiting
// hold their lines: past WAITING_BYTES of them (a load test's 404s of one path join one group for
// as long as they come), the largest is reported at once and the lines after it start a new one.
// A log truncated in place, or replaced by a new file at its path (rotation), is said so and
// numbered from line 1 again.
import { stat, type FileHandle } from 'node:fs/promises';
import type { AccessIndex } from './access.js';
import type { ConfFacts } from './conf.js';
import type { Diagnosis, Group, Incident } from './types.js';
import { Analyser } from './diagnose.js';
import { LineSplitter, type RawLine } from './read.js';
import { isComplete } from './grouper.js';
import type { LineText, Quoted } from './report.js';
import { inputError, DoctorInputError, openLogFile } from './input.js';

export interface FollowHandlers {
  /** The log as it stood when following began, less the `open` incidents it ends with that may still grow. */
  start?(d: Diagnosis, log: Quoted, open: number): void;
  /** An incident, once complete. */
  incident(i: Incident, text: LineText): void;
  /** The file was truncated in place, or replaced by a new one: its lines are numbered from 1 again. */
  restart?(how: 'truncated' | 'replaced'): void;
}

export interface FollowOptions {
  signal?: AbortSignal;
  /** How often the file is checked for new bytes (default 250 ms). */
  pollMs?: number;
  /** How long an incident waits for more lines before it is reported (default 3000 ms). */
  settleMs?: number;
  access?: AccessIndex;
  /** The user's nginx.conf (--conf). */
  conf?: ConfFacts;
  /** The most bytes of lines the groups waiting to be reported keep (default WAITING_BYTES; lineBytes()). */
  waitingBytes?: number;
  /**
   * Of the log as it stands, only its last `tail` bytes are read (from the first line that begins
   * in them); the lines before are counted, not kept, so that line numbers stay the file's. A
   * UTF-16 log is read whole.
   */
  tail?: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

const CHUNK = 1 << 20;

/** The lines groups keep while they wait to be reported: ~7,000 lines of nginx's longest (2 KB). */
export const WAITING_BYTES = 32 * 1024 * 1024;

/** About what a line a group keeps costs the heap: its text (up to two bytes a character) and its parsed entry. */
export function lineBytes(text: string): number {
  return 600 + 2 * text.length;
}

/** The file from `offset` to its end, a piece at a time. */
async function* readFrom(fh: FileHandle, offset: number): AsyncGenerator<Buffer> {
  const buf = Buffer.alloc(CHUNK);
  for (;;) {
    const { bytesRead } = await fh.read(buf, 0, CHUNK, offset);
    if (bytesRead === 0) return;
    offset += bytesRead;
    yield buf.subarray(0, bytesRead);
  }
}

/** Where to start reading a log of `size` bytes to read at most its last `tail`: the offset after a line end, and the lines before it. */
async function tailStart(fh: FileHandle, size: number, tail: number): Promise<{ offset: number; lines: number }> {
  const head = Buffer.alloc(2);
  await fh.read(head, 0, 2, 0);
  if (size <= tail || (head[0] === 0xff && head[1] === 0xfe)) return { offset: 0, lines: 0 };
  let lines = 0;
  let offset = 0;
  let at = 0;
  for await (const chunk of readFrom(fh, 0)) {
    const part = chunk.subarray(0, Math.max(0, size - tail - at));
    for (let i = part.indexOf(0x0a); i >= 0; i = part.indexOf(0x0a, i + 1)) {
      lines++;
      offset = at + i + 1;
    }
    at += chunk.length;
    if (at >= size - tail) break;
  }
  return { offset, lines };
}

/** A group the log ends with (endT: the time of its last line) that a line written next could still join. */
function mayGrow(g: Group, endT: number | undefined): boolean {
  const last = g.lines[g.lines.length - 1];
  if (g.windowS === undefined || isComplete(g)) return false;
  return last.t === undefined || endT === undefined || endT - last.t <= g.windowS;
}

export async function follow(path: string, on: FollowHandlers, opts: FollowOptions = {}): Promise<void> {
  const pollMs = opts.pollMs ?? 250;
  const settleMs = opts.settleMs ?? 3000;
  let fh = await openLogFile(path);
  let offset = 0;
  let analyser = new Analyser(opts.access, { conf: opts.conf });
  let splitter = new LineSplitter();
  /** Groups not reported yet, and when a line last joined each (wall clock). */
  const waiting = new Map<Group, number>();
  /** lineBytes() of each waiting group's lines, and of them all. */
  const sizes = new Map<Group, number>();
  let waitingBytes = 0;
  const maxWaiting = opts.waitingBytes ?? WAITING_BYTES;
  let endT: number | undefined;
  const wait = (g: Group, now: number, bytes: number) => {
    waiting.set(g, now);
    sizes.set(g, (sizes.get(g) ?? 0) + bytes);
    waitingBytes += bytes;
  };

  /** Lines in; once following (`track`), the groups they join wait to be reported. */
  let track = false;
  const take = (lines: RawLine[]) => {
    const now = Date.now();
    for (const r of lines) {
      const g = analyser.add(r);
      if (!g) continue;
      if (track) wait(g, now, lineBytes(r.text));
      endT = g.lines[g.lines.length - 1].t ?? endT;
    }
    bound(now);
  };
  /** Past its bound, the largest group waiting is reported now. */
  const bound = (now: number) => {
    if (waitingBytes > maxWaiting) tell([...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, 1), now);
  };
  const read = async () => {
    for await (const chunk of readFrom(fh, offset)) {
      offset += chunk.length;
      take(splitter.push(chunk));
    }
  };
  const settled = (g: Group, now: number) => now - (waiting.get(g) ?? now) >= settleMs;
  const seal = (g: Group) => {
    analyser.seal(g);
    waiting.delete(g);
    waitingBytes -= sizes.get(g) ?? 0;
    sizes.delete(g);
  };

  /** Reports what can grow no more; `all`: everything (the end, or the file starts over). */
  const report = (all: boolean) => {
    const now = Date.now();
    tell([...waiting.keys()].filter((g) => all || isComplete(g) || settled(g, now)), now);
  };
  /** Reports these groups, in log order. */
  function tell(groups: Group[], now: number): void {
    const ready = groups.sort((a, b) => a.lines[0].no - b.lines[0].no);
    for (const g of ready) {
      const incident = analyser.explain(g, (x) => settled(x, now));
      const texts = new Map(g.lines.map((l) => [l.no, l.text]));
      on.incident(incident, (no) => texts.get(no));
      seal(g);
    }
  }

  const restart = async (how: 'truncated' | 'replaced') => {
    take(splitter.flush());
    report(true);
    on.restart?.(how);
    analyser = new Analyser(opts.access, { conf: opts.conf });
    analyser.finishEarly = false;
    splitter = new LineSplitter();
    endT = undefined;
    offset = 0;
  };

  const poll = async () => {
    const own = await fh.stat();
    if (own.size < offset) await restart('truncated');
    // Nothing new, nothing read (a read takes a 1 MiB buffer: 4 a second add up for a log that sits still).
    if (own.size > offset) await read();
    let now;
    try {
      now = await stat(path);
    } catch {
      return; // moved away and not yet recreated: keep the old descriptor
    }
    if ((now.ino !== own.ino || now.dev !== own.dev) && !(now.ino === 0 && own.ino === 0)) {
      await restart('replaced');
      await fh.close();
      fh = await openLogFile(path);
      await read();
    }
  };

  try {
    try {
      if (opts.tail !== undefined) {
        const start = await tailStart(fh, (await fh.stat()).size, opts.tail);
        offset = start.offset;
        if (start.offset) splitter = new LineSplitter(start.lines);
      }
      await read();
    } catch (e) {
      throw inputError(path, 'error log', e);
    }
    // The log as it stands: reported now, except what it ends with that may still grow.
    const carried = new Set(analyser.groups.filter((g) => mayGrow(g, endT)));
    on.start?.(analyser.diagnosis(carried), analyser, carried.size);
    analyser.finishEarly = false;
    const now = Date.now();
    for (const g of analyser.groups) if (carried.has(g)) wait(g, now, g.lines.reduce((n, l) => n + lineBytes(l.text), 0));
    else analyser.seal(g);
    bound(now);
    track = true;

    while (!opts.signal?.aborted) {
      try {
        await poll();
      } catch (e) {
        if (e instanceof DoctorInputError) throw e;
        throw inputError(path, 'error log', e);
      }
      report(false);
      await sleep(pollMs, opts.signal);
    }
    // Stopped: what was written by now is read, the line being written counts as cut, and what
    // has not settled keeps its doubts.
    await read().catch(() => undefined);
    take(splitter.flush());
    report(true);
  } finally {
    await fh.close().catch(() => undefined);
  }
}
