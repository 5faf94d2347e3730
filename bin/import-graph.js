// The project's import graph as the TypeScript compiler resolves it (`tsc --explainFiles`: every
// import, `import type` and `await import()` included), its cycles, and the imports that break the
// layering DESIGN's "imports run one way" asks for. madge and dependency-cruiser parse TypeScript
// through TypeScript 5's JavaScript API, which TypeScript 7 (this project's compiler) no longer
// has; the compiler's own account of why each file is in the program is the same graph.
//
//   node bin/import-graph.js            # cycles and layering breaks; exit 1 if there is one
//   node bin/import-graph.js --json     # the graph: { "file.ts": ["imported.ts", ...] }
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let explained;

/** tsc's account of why each file is in the program (computed once: it takes a few seconds). */
function explainFiles() {
  if (explained !== undefined) return explained;
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    explained = execFileSync(process.execPath, [tsc, '-p', root, '--noEmit', '--explainFiles'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    // Type errors make tsc exit 2; its explanation is printed all the same.
    explained = e.stdout ?? '';
  }
  return explained;
}

/** file → the project files it imports (paths relative to the repository, as tsc prints them). */
export function importGraph() {
  const graph = new Map();
  let file;
  for (const line of explainFiles().split('\n')) {
    if (!line.startsWith(' ')) {
      file = line.trim();
      if (file && !file.startsWith('node_modules/')) graph.set(file, graph.get(file) ?? []);
      continue;
    }
    const m = /^\s+Imported via .* from file '([^']+)'/.exec(line);
    if (!m || !file || file.startsWith('node_modules/')) continue;
    const from = m[1];
    if (!graph.has(from)) graph.set(from, []);
    if (!graph.get(from).includes(file)) graph.get(from).push(file);
  }
  return graph;
}

/** file → the npm packages it imports by name (`import type` and `import()` included). */
export function packageImports() {
  const out = new Map();
  for (const line of explainFiles().split('\n')) {
    const m = /^\s+Imported via '([^']+)' from file '([^']+)'/.exec(line);
    if (!m || m[1].startsWith('.') || m[1].startsWith('node:') || m[2].startsWith('node_modules/')) continue;
    const name = m[1].split('/').slice(0, m[1].startsWith('@') ? 2 : 1).join('/');
    out.set(m[2], [...new Set([...(out.get(m[2]) ?? []), name])].sort());
  }
  return out;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    const m = { index, low: index, on: true };
    index++;
    meta.set(v, m);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      const n = meta.get(w);
      if (!n) {
        visit(w);
        m.low = Math.min(m.low, meta.get(w).low);
      } else if (n.on) m.low = Math.min(m.low, n.index);
    }
    if (m.low !== m.index) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).on = false;
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

/**
 * The layering rules: a file under `from` may not import a file under any of `not`. Top to
 * bottom: cli → chaos/stack → engine → proxy/nginx → logs; inside the embedded engine, `http/` is
 * wire format and imports nothing of the engine above it.
 */
export const LAYERS = [
  { from: 'harness/logs/', not: ['harness/proxy/', 'harness/nginx/', 'harness/engine/', 'harness/stack/', 'harness/chaos/', 'harness/doctor/', 'harness/cli.ts'], why: 'the log formats are the bottom layer' },
  { from: 'harness/proxy/', not: ['harness/engine/', 'harness/stack/', 'harness/chaos/', 'harness/nginx/', 'harness/cli.ts'], why: 'the embedded engine sits below the engine boundary (proxy/engine.ts implements it, and alone may import it)', except: ['harness/proxy/engine.ts'] },
  { from: 'harness/proxy/engine.ts', not: ['harness/stack/', 'harness/chaos/', 'harness/nginx/', 'harness/cli.ts'], why: 'an engine knows the boundary, not the stack' },
  // nginx.conf's tokenizer and its error are the one reader of the file for both engines (and the doctor).
  { from: 'harness/nginx/', not: ['harness/proxy/', 'harness/stack/', 'harness/chaos/', 'harness/cli.ts'], allow: ['harness/proxy/conf/parse.ts', 'harness/proxy/conf/error.ts'], why: 'the two engines do not know each other or the stack' },
  { from: 'harness/engine/', not: ['harness/stack/', 'harness/chaos/', 'harness/cli.ts'], why: 'the engine boundary sits below the stack' },
  { from: 'harness/stack/', not: ['harness/proxy/', 'harness/nginx/', 'harness/chaos/', 'harness/cli.ts'], why: 'the stack reaches an engine only through harness/engine/' },
  { from: 'harness/proxy/http/', not: ['harness/proxy/'], allow: ['harness/proxy/http/'], why: 'http/ is wire format only' },
];

/** Imports that break LAYERS: `file imports target (why)`. */
export function layerBreaks(graph) {
  const out = [];
  for (const [file, targets] of graph) {
    for (const rule of LAYERS) {
      if (!file.startsWith(rule.from) || rule.except?.includes(file)) continue;
      for (const t of targets) {
        if (rule.allow?.some((a) => t.startsWith(a))) continue;
        if (rule.not.some((n) => t.startsWith(n))) out.push(`${file} imports ${t} (${rule.why})`);
      }
    }
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const graph = importGraph();
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify(Object.fromEntries(graph), null, 1) + '\n');
    process.exit(0);
  }
  const c = cycles(graph);
  const l = layerBreaks(graph);
  for (const scc of c) process.stdout.write(`cycle: ${scc.join(' ↔ ')}\n`);
  for (const b of l) process.stdout.write(`layer: ${b}\n`);
  process.stdout.write(`${graph.size} files, ${[...graph.values()].reduce((n, t) => n + t.length, 0)} imports: ${c.length} cycle(s), ${l.length} layering break(s)\n`);
  process.exit(c.length || l.length ? 1 : 0);
}
