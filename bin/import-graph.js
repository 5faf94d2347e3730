// The project's import graph as the TypeScript compiler resolves it (`tsc --explainFiles`: every
// import, `import type` and `await import()` included), its cycles, and the imports that break the
// order of the rooms (ROOMS below: imports run one way, top to bottom), and of the engine's own
// folders (ENGINE). madge and dependency-cruiser parse TypeScript
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
 * The rooms, top to bottom: a room imports only the rooms below it, never one beside or above it
 * (type-only imports and import() included). A room is a folder of harness/ (harness/cli.ts alone
 * on top, its commands in commands/ below it; the files at harness/'s top level are the shared
 * base), scenarios/ or stand-in/admin-server/.
 * A spec beside a module is in that module's room, as what it tests is; the suite's own files (tests/,
 * bench/) are no room.
 */
export const ROOMS = [
  ['harness/cli.ts'],
  ['harness/commands/', 'harness/api/'],
  ['scenarios/'],
  ['harness/scenario-runner/'],
  ['harness/stack-life/'],
  ['harness/control/'],
  ['harness/faults/', 'harness/timeline/'],
  ['harness/stack/', 'harness/check-server/'],
  ['harness/doctor/', 'harness/embedded/', 'harness/nginx/', 'stand-in/admin-server/'],
  ['harness/engine/'],
  ['harness/nginx-conf/'],
  ['harness/'],
  ['harness/logs/', 'harness/i18n/'],
];

/** A file's room and its level (0 on top), or undefined for what is no room (tests/, bench/). */
export function roomOf(file) {
  for (const [level, rooms] of ROOMS.entries()) {
    for (const room of rooms) {
      const inside = room.endsWith('/') ? file.startsWith(room) && (room !== 'harness/' || !file.slice(room.length).includes('/')) : file === room;
      if (inside) return { room, level };
    }
  }
  return undefined;
}

/**
 * The engine's own folders (harness/embedded/), top to bottom, by the same rule: a folder imports
 * only those below it. A room is a path, a list of paths (the core), or `modules/*` (each module
 * folder a room of its own: modules do not import each other). A spec is in its subject's room. The entries start it; the master and
 * the worker serve with serve.ts, which assembles it from the module list; handlers/ (proxy_pass's and the special answers)
 * sits above the modules; the modules sit on the core (the request, its phases, its files, the
 * upstream) and ask each other through its tables only; http/ is wire format only.
 */
export const ENGINE = [
  [['engine.ts', 'main.ts', 'worker-main.ts']],
  [['master/', 'preboot.ts'], 'worker.ts'],
  ['serve.ts'],
  ['modules.ts'],
  ['handlers/'],
  ['modules/*'],
  [['', 'phases/', 'files/', 'upstream/']],
  ['http/'],
];

const ENGINE_ROOT = 'harness/embedded/';

/** A file's folder of the engine and its level (0 on top), or undefined outside harness/embedded/. */
export function engineRoomOf(file) {
  if (!file.startsWith(ENGINE_ROOT)) return undefined;
  const rel = file.slice(ENGINE_ROOT.length).replace(/\.spec\.ts$/, '.ts');
  let best;
  for (const [level, rooms] of ENGINE.entries()) {
    for (const room of rooms) {
      const paths = Array.isArray(room) ? room : [room];
      for (const p of paths) {
        let name;
        let score;
        if (p.endsWith('/*')) {
          const base = p.slice(0, -1);
          const rest = rel.slice(base.length);
          if (!rel.startsWith(base) || !rest.includes('/')) continue;
          name = base + rest.slice(0, rest.indexOf('/') + 1);
          score = name.length;
        } else if (p === '') {
          if (rel.includes('/')) continue;
          score = 0;
        } else if (p.endsWith('/')) {
          if (!rel.startsWith(p)) continue;
          score = p.length;
        } else {
          if (rel !== p) continue;
          score = Infinity;
        }
        name ??= paths.includes('') ? `the core (${paths.map((x) => x || 'the top-level files').join(', ')})` : paths.join(', ');
        if (!best || score > best.score) best = { room: name, level, score };
      }
    }
  }
  return best && { room: best.room, level: best.level };
}

/** Imports that break ROOMS or ENGINE: `file imports target (why)`. */
export function layerBreaks(graph) {
  const out = [];
  for (const [file, targets] of graph) {
    const from = roomOf(file);
    const inside = engineRoomOf(file);
    for (const t of targets) {
      const to = roomOf(t);
      if (from && to && from.room !== to.room && to.level <= from.level) {
        out.push(`${file} imports ${t} (${from.room} sits ${to.level === from.level ? 'beside' : 'below'} ${to.room})`);
      }
      const there = engineRoomOf(t);
      if (inside && there && inside.room !== there.room && there.level <= inside.level) {
        out.push(`${file} imports ${t} (${inside.room} sits ${there.level === inside.level ? 'beside' : 'below'} ${there.room})`);
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
