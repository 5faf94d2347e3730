// The client's request body, read whole before the upstream is chosen (proxy_request_buffering on),
// so that a retry on the next peer can send it again. What came with the head stays in the header
// buffer (nginx's preread); a body whose Content-Length is under 1.25 client_body_buffer_size past
// that gets a buffer of its own size and stays in memory; any other fills one buffer of
// client_body_buffer_size, then goes to a file in client_body_temp_path, named as nginx names them
// (0000000001, ..., in level directories when the path has levels), and the file is removed when
// the request ends. client_body_in_file_only puts every body in a file, even an empty one, and
// keeps it (`on`) or removes it at the request's end (`clean`). With proxy_request_buffering off,
// each piece is passed on instead (onData).
import { createReadStream, mkdirSync, openSync, writeSync, closeSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ChunkedDecoder } from './chunked.js';

export interface BufferedBody {
  length: number;
  /** In memory... */
  chunks?: Buffer[];
  /** ...or in a temp file ($request_body_file: its name stays after the file is removed). */
  file?: string;
  /** client_body_in_file_only: the file is kept (`on`), or removed only when the request ends (`clean`). */
  keep?: 'on' | 'clean';
  /** The file was removed (never twice: its name may be another request's by then). */
  removed?: boolean;
}

/** $request_body: a body kept in memory, its buffers joined; none when it is in a file (ngx_http_variable_request_body()). */
export function bodyText(b: BufferedBody | undefined): string | undefined {
  if (!b?.chunks || b.file) return undefined;
  return Buffer.concat(b.chunks).toString('latin1');
}

export function bodyStream(b: BufferedBody): Readable | Buffer[] {
  if (b.file) return createReadStream(b.file);
  return b.chunks ?? [];
}

/**
 * The temp file is no longer needed to send the body: it is removed, unless client_body_in_file_only
 * keeps it (`on`), or keeps it until the request ends (`clean`, `requestEnd` false).
 */
export function releaseBody(b: BufferedBody | undefined, requestEnd = false): void {
  if (!b?.file || b.removed || b.keep === 'on' || (b.keep === 'clean' && !requestEnd)) return;
  b.removed = true;
  try {
    unlinkSync(b.file);
  } catch {
    // already gone
  }
}

export interface BodyLimits {
  /** client_max_body_size; 0 = no limit. */
  maxSize: number;
  /** Read and drop the body (a request that no handler needs the body of). */
  discard?: boolean;
  bufferSize: number;
  tempPath: string;
  /** client_body_temp_path's levels. */
  tempLevels: number[];
  /** client_body_in_file_only: the whole body goes to a temp file. */
  inFileOnly?: 'on' | 'clean';
  /** Each piece of the body as it comes, passed on instead of kept (r->request_body_no_buffering). */
  onData?: (b: Buffer) => void;
}

export type BodyEvent =
  | { kind: 'more' }
  | { kind: 'done'; body: BufferedBody; rest: Buffer }
  | { kind: 'too-large'; message: string }
  | { kind: 'invalid'; message: string }
  /** The temp file (or a level directory of it) could not be made: nginx's [crit] line and a 500. */
  | { kind: 'temp-file'; op: 'open' | 'mkdir' | 'write' | 'writev'; path: string; code: string };

/** How reading a body ended: all of it, or a refusal (the request answers 413, 400 or 500). */
export type BodyEnd = Exclude<BodyEvent, { kind: 'more' }>;

/**
 * ngx_temp_number: temp files are numbered 0000000001, 0000000002, ... from the start. nginx's
 * counter lives in memory shared by the workers; here each worker counts on its own, and a name
 * another worker already holds is handled as nginx handles any collision: O_EXCL fails with
 * EEXIST and the number jumps by ngx_random_number.
 */
let tempNumber = 0;
const randomNumber = ((Date.now() % 1000) << 16) + process.pid;

/** ngx_next_temp_number(0): also what multipart/byteranges boundaries are made of. */
export function nextTempNumber(): number {
  return ++tempNumber;
}

/**
 * ngx_create_hashed_filename(): each level is a directory named by that many digits from the end
 * of the file's name, the first level the last digits: levels 1 2 put 0000000123 in `3/12/`.
 * Returns the file and its level directories, outermost first.
 */
function hashedPath(dir: string, name: string, levels: number[]): { file: string; dirs: string[] } {
  const dirs: string[] = [];
  let end = name.length;
  for (const l of levels) {
    dirs.push(join(dirs.at(-1) ?? dir, name.slice(end - l, end)));
    end -= l;
  }
  return { file: join(dirs.at(-1) ?? dir, name), dirs };
}

/** A temp file that could not be made: what nginx tried, and why. */
class TempFileError extends Error {
  constructor(
    readonly op: 'open' | 'mkdir',
    readonly path: string,
    readonly code: string,
  ) {
    super(`${op} ${path}: ${code}`);
  }
}

/** ngx_create_temp_file(): a new numbered file; missing level directories are made (ngx_create_path()). */
function createTempFile(dir: string, levels: number[]): { fd: number; file: string } {
  let n = nextTempNumber();
  for (;;) {
    const { file, dirs } = hashedPath(dir, String(n % 10_000_000_000).padStart(10, '0'), levels);
    try {
      return { fd: openSync(file, 'wx', 0o600), file };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirs.length) {
        for (const d of dirs) createLevel(d);
        continue;
      }
      if (code !== 'EEXIST') throw new TempFileError('open', file, code ?? 'EIO');
      n = tempNumber += randomNumber;
    }
  }
}

/** ngx_create_path(): one mkdir per level (never the temp path itself, nor parents); an existing one is fine. */
function createLevel(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') throw new TempFileError('mkdir', dir, code ?? 'EIO');
  }
}

/** Accumulates a body from the bytes of the connection, by Content-Length or chunked framing. */
export class BodyReader {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private fd?: number;
  private file?: string;
  private readonly decoder?: ChunkedDecoder;
  /** What may stay in memory: the whole body when its length is under 1.25 client_body_buffer_size, else one buffer. */
  private readonly inMemory: number;
  private failed?: Extract<BodyEvent, { kind: 'temp-file' }>;

  constructor(
    private readonly limits: BodyLimits,
    private readonly contentLength: number | undefined,
    chunked: boolean,
    /** The body's bytes that came with the head (nginx's preread). */
    private readonly preread: number,
    /** Called when the body first spills to a file (nginx's [warn] line). */
    private readonly onSpill: (file: string) => void,
  ) {
    // ngx_http_read_client_request_body(): past the preread, a buffer of the rest's length when it
    // is under 1.25 buffers (the whole body then fits), else of client_body_buffer_size; the body
    // goes to a file when that buffer is full and more is to come. (A chunked body is counted
    // without its chunks' framing.)
    const fits = contentLength !== undefined && !chunked && contentLength - preread < limits.bufferSize + (limits.bufferSize >> 2);
    this.inMemory = fits ? contentLength : preread + limits.bufferSize;
    if (chunked) {
      this.decoder = new ChunkedDecoder(
        (b) => this.store(b),
        (n) => !this.limits.maxSize || this.size + n <= this.limits.maxSize,
      );
    }
  }

  /** Feeds bytes; returns what happened. Bytes past the body's end come back as `rest`. */
  push(data: Buffer): BodyEvent {
    if (this.decoder) {
      const r = this.decoder.push(data);
      if (this.failed) return this.failed;
      switch (r.kind) {
        case 'more':
          return r;
        case 'end':
          return this.finish(r.rest);
        case 'invalid':
          this.abort();
          return { kind: 'invalid', message: 'client sent invalid chunked body' };
        case 'refused':
          this.abort();
          return { kind: 'too-large', message: `client intended to send too large chunked body: ${this.size}+${r.size} bytes` };
      }
    }
    const want = (this.contentLength ?? 0) - this.size;
    const take = data.subarray(0, want);
    if (take.length) this.store(take);
    if (this.failed) return this.failed;
    if (this.size < (this.contentLength ?? 0)) return { kind: 'more' };
    return this.finish(data.subarray(take.length));
  }

  private store(b: Buffer): void {
    if (this.failed) return;
    this.size += b.length;
    if (this.limits.discard) return;
    if (this.limits.onData) return this.limits.onData(Buffer.from(b));
    if (this.fd === undefined && this.size <= this.inMemory) {
      this.chunks.push(Buffer.from(b));
      return;
    }
    if (this.fd === undefined) {
      this.spill([...this.chunks, b]);
      return;
    }
    this.writeTemp([b], 'write');
  }

  /** The body goes to a new temp file from here on, what was kept in memory first. */
  private spill(buffers: Buffer[]): void {
    this.chunks.length = 0;
    try {
      ({ fd: this.fd, file: this.file } = createTempFile(this.limits.tempPath, this.limits.tempLevels));
    } catch (e) {
      if (!(e instanceof TempFileError)) throw e;
      this.failed = { kind: 'temp-file', op: e.op, path: e.path, code: e.code };
      return;
    }
    this.onSpill(this.file);
    // nginx writes its preread part and its buffer in one pwritev(), its buffer alone with pwrite().
    if (buffers.length) this.writeTemp(buffers, this.preread ? 'writev' : 'write');
  }

  /** A failed write (a full disk) fails the body, as ngx_write_chain_to_temp_file(): the request answers 500, its temp file is removed. */
  private writeTemp(buffers: Buffer[], op: 'write' | 'writev'): void {
    try {
      for (const c of buffers) writeSync(this.fd!, c);
    } catch (e) {
      this.failed = { kind: 'temp-file', op, path: this.file!, code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
      this.abort();
    }
  }

  /** The body's end: with client_body_in_file_only, what is still in memory is written (an empty body makes an empty file). */
  private finish(rest: Buffer): BodyEvent {
    const keep = this.limits.inFileOnly;
    if (keep && this.fd === undefined && !this.limits.discard && !this.limits.onData) this.spill([...this.chunks]);
    if (this.failed) return this.failed;
    if (this.fd === undefined) return { kind: 'done', body: { length: this.size, chunks: this.chunks }, rest };
    closeSync(this.fd);
    this.fd = undefined;
    return { kind: 'done', body: { length: this.size, file: this.file, keep }, rest };
  }

  /** Drops a partly written temp file when the request ends before its body does. */
  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    releaseBody({ length: 0, file: this.file });
    this.file = undefined;
  }
}
