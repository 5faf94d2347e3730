// A file served again, then changed, as nginx 1.22.1 serves it with open_file_cache off (its
// default): it opens the file per request, so a change is seen at once. The embedded engine keeps
// small files' contents and their gzip forms in the worker while the file's stat (dev, ino, size,
// mtime, ctime) is the one they were read under; these cases change a file so that only one of
// those moves. The file is first left a second unchanged, as the engine keeps only such files.
import { renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test, expect } from '../fixtures.js';
import { get, type RawResponse } from '../support/raw-http.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';
import { SETTLED_MS } from '../../harness/embedded/files/file-cache.js';

/** About 10 KB of JavaScript, and the same length of other text. */
const JS = Array.from({ length: 200 }, (_, i) => `export const k${String(i).padStart(3, '0')} = "item ${i}";\n`).join('');
const OTHER = JS.replace(/item/g, 'meti');
const GZ = ['Accept-Encoding: gzip'];

const gunzipped = (r: RawResponse) => gunzipSync(Buffer.from(r.body, 'latin1')).toString('latin1');

/** A whole second, so that a file's mtime can be given back exactly. */
const MTIME = Math.floor(Date.now() / 1000) - 60;

/** html/app.js written (its mtime MTIME), then left alone until the embedded engine would keep it. */
async function settled(p: ProxyUnderTest): Promise<string> {
  const file = join(p.prefix, 'html', 'app.js');
  writeFileSync(file, JS);
  utimesSync(file, MTIME, MTIME);
  await expect.poll(() => Date.now() - statSync(file).ctimeMs, { intervals: [200] }).toBeGreaterThan(SETTLED_MS);
  return file;
}

/** The file as it is, and gzipped: the bodies, the second gzip body byte for byte the first. */
async function served(p: ProxyUnderTest): Promise<{ plain: string; gzipped: string }> {
  const plain = await p.send(get('/app.js', p.port));
  expect(plain.status).toBe(200);
  const [z1, z2] = [await p.send(get('/app.js', p.port, GZ)), await p.send(get('/app.js', p.port, GZ))];
  expect(z1.headers.find(([n]) => n === 'Content-Encoding')?.[1]).toBe('gzip');
  expect(z2.body).toBe(z1.body);
  return { plain: plain.body, gzipped: gunzipped(z1) };
}

const HTTP = 'gzip on;\ngzip_types application/javascript;';

test('a file rewritten in place, its size and mtime kept, is served as it now is, gzipped too', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: HTTP });
  const file = await settled(p);
  expect(await served(p)).toEqual({ plain: JS, gzipped: JS });
  const before = statSync(file);
  writeFileSync(file, OTHER);
  utimesSync(file, MTIME, MTIME);
  const after = statSync(file);
  expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
  expect(await served(p)).toEqual({ plain: OTHER, gzipped: OTHER });
});

test('a file replaced by a rename (another inode, the same size and mtime) is served as it now is', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: HTTP });
  const file = await settled(p);
  expect(await served(p)).toEqual({ plain: JS, gzipped: JS });
  const next = join(p.prefix, 'html', 'app.js.new');
  writeFileSync(next, OTHER);
  utimesSync(next, MTIME, MTIME);
  renameSync(next, file);
  expect(await served(p)).toEqual({ plain: OTHER, gzipped: OTHER });
  // A byte range of the new file, from the same kept contents.
  const r = await p.send(get('/app.js', p.port, ['Range: bytes=0-30']));
  expect(r.status).toBe(206);
  expect(r.body).toBe(OTHER.slice(0, 31));
});
