// Where the project's files are, whether this module runs from dist/ or from the TypeScript
// source (the test runner loads the source): the repository root is the folder with package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`harness: no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export const repoRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * A compiled entry point, e.g. `harness/embedded/main.js`: the bundle's (dist/bundle/, bin/bundle.js)
 * where it has one, as `harness` runs it, else tsc's.
 */
export function distFile(rel: string): string {
  const bundled = join(repoRoot, 'dist', 'bundle', rel);
  return existsSync(bundled) ? bundled : join(repoRoot, 'dist', rel);
}

export const defaultFrontendRoot = join(repoRoot, 'stand-in', 'frontend');
export const nginxAssets = join(repoRoot, 'harness', 'nginx');
