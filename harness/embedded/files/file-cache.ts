// The file system as the static handler reads it: stat() without a throw, and small files' contents
// kept in the worker while their stat says they are unchanged. This is the engine's page cache:
// nginx reads a file from the kernel's page cache and hands it to the socket with sendfile(); a
// Node worker would open, fstat, read and close it (four trips through the thread pool) per
// request. nginx has open_file_cache off by default, so it opens the file per request and a
// changed file is served as it now is at once: the stat each request still makes keeps that.
import { readFileSync, statSync, type Stats } from 'node:fs';
import type { FileForms } from '../request.js';

/** stat(), with the error (ENOENT, EACCES, ENOTDIR...) as its result instead of a throw. */
export function statOrError(path: string): Stats | NodeJS.ErrnoException {
  try {
    return statSync(path);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/**
 * A small file's contents, read under the stat it is kept by (its identity: dev, ino, size, mtime,
 * ctime), and what output filters made of them (its forms: the gzip filter's per level, window and
 * memLevel), so that an answer's body is the same bytes it would be if made again.
 */
export class FileContents implements FileForms {
  private readonly forms = new Map<string, Buffer>();
  /** Kept for the next requests (false: read for this one only; its forms are not kept either). */
  kept = false;
  /** Its bytes in the cache: the contents and the forms. */
  bytes: number;

  constructor(
    readonly data: Buffer,
    readonly st: Stats,
  ) {
    this.bytes = data.length;
  }

  get(key: string): Buffer | undefined {
    return this.forms.get(key);
  }

  keep(key: string, form: Buffer): void {
    // One pushed out (or replaced) meanwhile gains nothing.
    if (!this.kept || form.length > CACHE_BYTES / 4) return;
    makeRoom(form.length, this);
    if (cachedBytes + form.length > CACHE_BYTES) return;
    this.forms.set(key, form);
    this.bytes += form.length;
    cachedBytes += form.length;
  }
}

/** Files up to this size are read whole and may be kept; larger ones are streamed from the disk. */
export const SMALL_FILE = 512 * 1024;
/** A file (or directory) changed less than this before it was read is not kept: see fileContents(). */
export const SETTLED_MS = 1000;
/** What a worker keeps at most, contents and forms together; the least recently used go first. */
export const CACHE_BYTES = 8 * 1024 * 1024;
/** In order of use, the least recent first (a Map iterates in insertion order). */
const entries = new Map<string, FileContents>();
let cachedBytes = 0;

function sameFile(a: Stats, b: Stats): boolean {
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

function drop(path: string, e: FileContents): void {
  e.kept = false;
  entries.delete(path);
  cachedBytes -= e.bytes;
}

/** Room for `bytes` more: the least recently used entries go (never `keep`, the one being served). */
function makeRoom(bytes: number, keep?: FileContents): void {
  for (const [p, e] of entries) {
    if (cachedBytes + bytes <= CACHE_BYTES) return;
    if (e !== keep) drop(p, e);
  }
}

/**
 * The contents of the small file `path`, whose stat (made for this request) is `st`; throws as
 * readFileSync does. A file changed less than SETTLED_MS before it was read is not kept, since
 * another change within the file system's timestamp granularity could leave its stat as it was.
 */
export function fileContents(path: string, st: Stats): FileContents {
  const known = entries.get(path);
  if (known && sameFile(known.st, st)) {
    // The most recently used goes last.
    entries.delete(path);
    entries.set(path, known);
    return known;
  }
  if (known) drop(path, known);
  const c = new FileContents(readFileSync(path), st);
  if (c.data.length === st.size && c.data.length <= CACHE_BYTES / 4 && Date.now() - st.ctimeMs > SETTLED_MS) {
    makeRoom(c.bytes);
    entries.set(path, c);
    cachedBytes += c.bytes;
    c.kept = true;
  }
  return c;
}
