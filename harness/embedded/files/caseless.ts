// The Windows profile's file names: Windows opens a name in any case, so under that profile a URI
// finds its file whatever the case of the names on the way.
import { readdirSync } from 'node:fs';
import { SETTLED_MS, statOrError } from './file-cache.js';

/**
 * A directory's names by their upper case, for the Windows profile: Windows opens a name in any
 * case (NTFS compares names through an upcase table). Where a Linux directory holds names that
 * differ only in case, the first in sorted order is the one found. A listing is used while the
 * directory's mtime and ctime are those it was read under (adding or removing a name changes
 * them), and, as for file contents, not kept when read within SETTLED_MS of a change.
 */
interface Listing {
  mtimeMs: number;
  ctimeMs: number;
  names: Map<string, string>;
}

const listings = new Map<string, Listing>();

function listing(dir: string): Map<string, string> | undefined {
  const st = statOrError(dir);
  if (st instanceof Error || !st.isDirectory()) return undefined;
  const known = listings.get(dir);
  if (known && known.mtimeMs === st.mtimeMs && known.ctimeMs === st.ctimeMs) return known.names;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  const names = new Map<string, string>();
  for (const name of entries) if (!names.has(name.toUpperCase())) names.set(name.toUpperCase(), name);
  if (Date.now() - st.ctimeMs > SETTLED_MS) {
    if (listings.size > 1000) listings.clear();
    listings.set(dir, { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, names });
  }
  return names;
}

/**
 * `path` (the root, then the URI) with each name below the root as its directory lists it in
 * whatever case; undefined when one has no match. Only listed names are followed, so the result
 * stays under the root as the path itself does: the URI is normalised (no `..`), and symlinks are
 * followed as for any path.
 */
export function caselessPath(root: string, path: string): string | undefined {
  let real = root;
  for (const name of path.slice(root.length).split('/')) {
    if (!name) continue;
    const actual = listing(real)?.get(name.toUpperCase());
    if (actual === undefined) return undefined;
    real += '/' + actual;
  }
  return path.endsWith('/') ? real + '/' : real;
}
