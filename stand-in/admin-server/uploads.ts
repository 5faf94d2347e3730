// Where the stand-in keeps uploaded images: a folder (the stack's `<prefix>/uploads`), each file
// named `<random UUID><extension>` as CommonController names the object it sends to OSS. Names are
// made here, never taken from the client, so nothing is written outside the folder.
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** What a stored file's name looks like: a UUID and the (made safe) extension. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[A-Za-z0-9._-]{0,64}$/;

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', svg: 'image/svg+xml' };

/**
 * `content` into a new file at `path`. A write that fails (a full disk) rejects once the file is
 * closed, and the rest of `content` is read and dropped: the request goes on to its end, to be
 * answered (pipeline() would destroy `content`, and the multipart parser would never finish).
 */
function write(content: Readable, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path, { flags: 'wx' });
    file.once('error', (err) => {
      content.unpipe(file);
      content.resume();
      file.destroy();
      if (file.closed) reject(err);
      else file.once('close', () => reject(err));
    });
    file.once('finish', resolve);
    content.once('error', (err) => file.destroy(err));
    content.pipe(file);
  });
}

export class Uploads {
  readonly dir: string;

  /** `dir` is made on the first upload; without one, a folder in the system's temp directory. */
  constructor(dir?: string) {
    this.dir = dir ?? join(tmpdir(), 'sky-admin-uploads');
  }

  /** Stores `content` as `<uuid><extension>` and resolves with that name. The extension is the real
   *  server's (from the original name's last `.`), with any character that is not a letter, digit,
   *  `.`, `-` or `_` replaced by `_` (so `a.png/../x` cannot climb out), and at most 64 long. */
  async save(extension: string, content: Readable): Promise<string> {
    const name = randomUUID() + extension.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
    mkdirSync(this.dir, { recursive: true });
    // A link put in place of the folder would take the files elsewhere: the upload fails instead.
    if (lstatSync(this.dir).isSymbolicLink()) throw new Error(`${this.dir} is a symbolic link: no upload is written through it`);
    const path = join(this.dir, name);
    try {
      await write(content, path);
    } catch (err) {
      rmSync(path, { force: true }); // a cut-off upload leaves nothing behind
      throw err;
    }
    return name;
  }

  /** Removes a stored file (one that turned out too big). */
  remove(name: string): void {
    if (STORED_NAME.test(name)) rmSync(join(this.dir, name), { force: true });
  }

  /** A stored file by the name save() gave it, with its Content-Type; undefined for any other name. */
  find(name: string): { path: string; type: string } | undefined {
    if (!STORED_NAME.test(name)) return undefined;
    const path = join(this.dir, name);
    if (!existsSync(path)) return undefined;
    const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
    return { path, type: TYPES[ext] ?? 'application/octet-stream' };
  }
}
