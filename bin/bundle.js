// The bundle of what `harness up` loads (bin/build.js runs it after tsc): the CLI, the pre-boot and
// the worker, each an ES module at its dist/ path under dist/bundle/, their shared code in
// dist/bundle/chunks/. Node reads a few files where it resolved and loaded a module graph (`harness
// --version`: 10 files instead of 57, 48 of them yargs'). Code splitting keeps every `await
// import()` a chunk of its own, loaded when the code asks. Built from tsc's output, so tsc stays
// the only compiler and type checker.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { root } from './build.js';

const dist = join(root, 'dist');
const out = join(dist, 'bundle');

/**
 * yargs finds its locales and its caller's package.json from its own file's URL
 * (lib/platform-shims/esm.mjs): inside the bundle that would be the bundle's, so it is pointed at
 * the installed yargs, a dependency of the package, and `LANG=de harness` still speaks German.
 */
const yargsOwnUrl = {
  name: 'yargs-own-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) throw new Error(`${path} no longer uses import.meta.url: check how yargs finds its locales now`);
      const own = "new URL('lib/platform-shims/esm.mjs', import.meta.resolve('yargs/package.json')).href";
      return { contents: source.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

/**
 * Of the packages our code imports, only those that commands load at their start are bundled, with
 * what they import: yargs (every command) and execa (`harness up --proxy nginx`). The others load
 * later, if at all, from node_modules as before (undici alone is 1 MB bundled).
 */
const STARTUP_PACKAGES = new Set(['yargs', 'execa']);
const startupPackagesOnly = {
  name: 'startup-packages-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      if (importer.includes(`${sep}node_modules${sep}`)) return undefined;
      const name = path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
      return STARTUP_PACKAGES.has(name) ? undefined : { path, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['harness/cli.js', 'harness/embedded/main.js', 'harness/embedded/preboot.js', 'harness/embedded/worker-main.js'].map((f) => join(dist, f)),
  outbase: dist,
  outdir: out,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The CommonJS packages inside (execa's cross-spawn and its own) call require() for Node's modules.
  banner: { js: "import { createRequire as __harnessRequire } from 'node:module'; const require = __harnessRequire(import.meta.url);" },
  plugins: [startupPackagesOnly, yargsOwnUrl],
  logLevel: 'warning',
});
