// --follow: watch a live error log and report each incident once it is complete. New bytes are
// polled (a log on a Windows share or in a container does not always raise change events); lines
// wait until their incident can grow no more: a refused pair is whole at once, anything else once
// no new line joined it for settleMs (a Windows retry comes ~2 s after the first refusal). A log
// truncated in place starts over at line 1; a rotated one (a new file at the path) is finished
// from the old descriptor, then read from its start.
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { Incident } from './types.js';
import { analyse } from './diagnose.js';
import { countLines, LineSplitter, type RawLine } from './read.js';
import { isComplete } from './incidents.js';
import { renderIncident } from './report.js';
import { inputError, DoctorInputError } from './input.js';

export interface FollowOptions {
  signal?: AbortSignal;
  /** How often the file is checked for new bytes (default 250 ms). */
  pollMs?: number;
  /** How long an incident waits for more lines before it is reported (default 3000 ms). */
  settleMs?: number;
  /** Start at this byte (rounded back to a line start) instead of the current end of the file. */
  fromByte?: number;
  /** Colour in the text handed to onIncident. */
  color?: boolean;
}

interface Pending {
  raw: RawLine;
  seenAt: number;
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

async function openFile(path: string): Promise<FileHandle> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    throw inputError(path, 'error log', e);
  }
  if ((await fh.stat()).isDirectory()) {
    await fh.close();
    throw inputError(path, 'error log', Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
  }
  return fh;
}

/** Reads everything from `offset` to the end of the file. */
async function readFrom(fh: FileHandle, offset: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (;;) {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    if (bytesRead === 0) break;
    chunks.push(buf.subarray(0, bytesRead));
    offset += bytesRead;
  }
  return Buffer.concat(chunks);
}

export async function follow(path: string, onIncident: (i: Incident, text: string) => void, opts: FollowOptions = {}): Promise<void> {
  const pollMs = opts.pollMs ?? 250;
  const settleMs = opts.settleMs ?? 3000;
  let fh = await openFile(path);
  let offset: number;
  let splitter: LineSplitter;
  {
    const head = await readFrom(fh, 0);
    const upTo = Math.min(opts.fromByte ?? head.length, head.length);
    offset = head.lastIndexOf(0x0a, upTo - 1) + 1;
    splitter = new LineSplitter(countLines(head.subarray(0, offset)) + 1);
  }
  let pending: Pending[] = [];

  const report = (force: boolean) => {
    if (!pending.length) return;
    const now = Date.now();
    const seenAt = new Map(pending.map((p) => [p.raw.no, p.seenAt]));
    const texts: string[] = [];
    for (const p of pending) texts[p.raw.no - 1] = p.raw.text;
    const { diagnosis, groups } = analyse(
      pending.map((p) => p.raw),
      { settled: true },
    );
    const done = new Set<number>();
    diagnosis.incidents.forEach((incident, k) => {
      const latest = Math.max(...incident.lines.map((n) => seenAt.get(n) ?? 0));
      if (!force && !isComplete(groups[k]) && now - latest < settleMs) return;
      for (const n of incident.lines) done.add(n);
      onIncident(incident, renderIncident(incident, texts, { color: opts.color }));
    });
    for (const n of diagnosis.unrecognised) if (force || now - (seenAt.get(n) ?? 0) >= settleMs) done.add(n);
    pending = pending.filter((p) => !done.has(p.raw.no) && p.raw.text.trim() !== '');
  };

  const take = (lines: RawLine[]) => {
    const now = Date.now();
    for (const raw of lines) pending.push({ raw, seenAt: now });
  };

  const poll = async () => {
    const own = await fh.stat();
    if (own.size < offset) {
      // Truncated in place (copytruncate, or the log emptied): what was read is complete, start over.
      take(splitter.flush());
      report(true);
      offset = 0;
      splitter = new LineSplitter(1);
    }
    const bytes = await readFrom(fh, offset);
    offset += bytes.length;
    take(splitter.push(bytes));
    let now;
    try {
      now = await stat(path);
    } catch {
      return; // moved away and not yet recreated: keep the old descriptor
    }
    if ((now.ino !== own.ino || now.dev !== own.dev) && !(now.ino === 0 && own.ino === 0)) {
      // Rotated: finish the old file, then read the new one from its start.
      take(splitter.flush());
      report(true);
      await fh.close();
      fh = await openFile(path);
      offset = 0;
      splitter = new LineSplitter(1);
      const fresh = await readFrom(fh, 0);
      offset = fresh.length;
      take(splitter.push(fresh));
    }
  };

  try {
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
    take(splitter.flush());
    report(true);
  } finally {
    await fh.close().catch(() => undefined);
  }
}
