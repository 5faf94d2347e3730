// The bundle of what `harness up` loads (bin/build.js runs it after tsc): the CLI, the pre-boot and
// the worker, each an ES module at its dist/ path under dist/bundle/, their shared code in
// dist/bundle/chunks/. Node reads a few files where it resolved and loaded a module graph (`harness
// --version`: 10 files instead of 57, 48 of them yargs'). Code splitting keeps every `await
// import()` a chunk of its own, loaded when the code asks. Built from tsc's output, so tsc stays
// the only compiler and type checker.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
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
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(path, 'utf8');
      const uses = source.split('import.meta.url').length - 1;
      if (uses === 0) throw new Error(`${path} no longer uses import.meta.url: check how yargs finds its locales now`);
      const own = "new URL('lib/platform-shims/esm.mjs', import.meta.resolve('yargs/package.json')).href";
      return { contents: source.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['harness/cli.js', 'harness/proxy/preboot.js', 'harness/proxy/worker-main.js'].map((f) => join(dist, f)),
  outbase: dist,
  outdir: out,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Not bundled: playwright (the browser steps and `harness setup`; it finds its own files), exceljs
  // (the report download), and ws' optional native add-ons.
  external: ['playwright', 'playwright-core', 'exceljs', 'bufferutil', 'utf-8-validate'],
  // The CommonJS packages inside (yargs' helpers, ws, busboy...) call require() for Node's modules.
  banner: { js: "import { createRequire as __harnessRequire } from 'node:module'; const require = __harnessRequire(import.meta.url);" },
  plugins: [yargsOwnUrl],
  logLevel: 'warning',
});
