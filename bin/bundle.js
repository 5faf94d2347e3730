// The bundle of what `harness up` loads (bin/build.js runs it after tsc): the CLI, the pre-boot, a
// plain `up --detach` (run without the CLI) and the worker, each an ES module at its dist/ path
// under dist/bundle/, the shared code of all but the worker in dist/bundle/chunks/ (the worker is
// one file). Node reads a few files where it resolved and loaded a module graph (`harness
// --version`: 10 files instead of 57, 48 of them yargs'). Code splitting keeps every `await
// import()` a chunk of its own, loaded when the code asks. Built from tsc's output, so tsc stays
// the only compiler and type checker.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
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

const common = {
  absWorkingDir: root,
  outbase: dist,
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The CommonJS packages inside (execa's cross-spawn and its own) call require() for Node's modules.
  banner: { js: "import { createRequire as __harnessRequire } from 'node:module'; const require = __harnessRequire(import.meta.url);" },
  plugins: [startupPackagesOnly, yargsOwnUrl],
  logLevel: 'warning',
};

/**
 * The modules' runtimes in one chunk: each module.ts loads its runtime.ts with an `await import()`
 * (the master never loads one), and each would be a chunk of its own, which would cut the code they
 * share with the master's into many small chunks. Every module's `import('./runtime.js')` is
 * pointed at one module that exports every runtime.ts's names (each names its own: GZIP_RUNTIME).
 */
const oneRuntimeChunk = {
  name: 'one-runtime-chunk',
  setup(b) {
    b.onResolve({ filter: /^\.\/runtime\.js$/ }, ({ kind }) => (kind === 'dynamic-import' ? { path: 'runtimes', namespace: 'runtimes' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'runtimes' }, () => {
      const files = readdirSync(join(dist, 'harness', 'embedded'), { recursive: true }).filter((f) => basename(f) === 'runtime.js');
      return { contents: files.map((f) => `export * from ${JSON.stringify(join(dist, 'harness', 'embedded', f))};`).join('\n'), loader: 'js', resolveDir: dist };
    });
  },
};

rmSync(out, { recursive: true, force: true });
const entry = (f) => join(dist, f);
await build({ ...common, entryPoints: ['harness/cli.js', 'harness/embedded/main.js', 'harness/embedded/preboot.js', 'harness/commands/up-detached.js'].map(entry), chunkNames: 'chunks/[name]-[hash]', splitting: true, plugins: [...common.plugins, oneRuntimeChunk] });
// A worker is a process of its own that loads everything it has at its start, the modules'
// runtimes too (which the master never loads: each is an `await import()`): one file, as a build
// without splitting inlines every import().
await build({ ...common, entryPoints: [entry('harness/embedded/worker-main.js')], splitting: false });
