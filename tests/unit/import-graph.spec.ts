// Imports run one way between the rooms (bin/import-graph.js's ROOMS: cli → commands → scenarios →
// scenario-runner → stack-life → control → faults/timeline → stack → doctor/embedded/nginx/stand-in →
// engine → nginx-conf → the shared base → logs), and between the engine's own folders (ENGINE: the entries →
// master/worker → the module list → handlers/ → modules/* → the core → http/); the project's modules form no cycle, type-only
// imports included: the graph is the TypeScript compiler's own. The checks are shown to fail on a
// graph that breaks them.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
// @ts-expect-error plain JS module, also run as `node bin/import-graph.js`
import { importGraph, cycles, layerBreaks, roomOf, engineRoomOf } from '../../bin/import-graph.js';

type Graph = Map<string, string[]>;
const graphOf = importGraph as () => Graph;
const cyclesOf = cycles as (g: Graph) => string[][];
const breaksOf = layerBreaks as (g: Graph) => string[];
const roomOfFile = roomOf as (f: string) => { room: string; level: number } | undefined;
const engineRoomOfFile = engineRoomOf as (f: string) => { room: string; level: number } | undefined;

let graph: Graph;
test.beforeAll(() => {
  graph = graphOf();
});

test('the graph is the whole program, type-only imports included', () => {
  expect(graph.get('harness/embedded/request.ts')).toContain('harness/embedded/http/request-head.ts');
  // `import type` only: conf/model.ts is never loaded by the connection at run time.
  expect(graph.get('harness/embedded/connection.ts')).toContain('harness/nginx-conf/model.ts');
  // `await import()`: the registry loads each engine only when it runs.
  expect(graph.get('harness/stack/registry.ts')).toEqual(expect.arrayContaining(['harness/nginx/engine.ts', 'harness/embedded/engine.ts']));
});

test('no import cycle anywhere in the project: harness, scenarios, stand-in, bench, tests', () => {
  expect(cyclesOf(graph)).toEqual([]);
  // The whole project is in the graph, not the engine alone.
  for (const f of ['harness/scenario-runner/scenario.ts', 'harness/scenario-runner/runner.ts', 'harness/doctor/types.ts', 'bench/run.ts', 'stand-in/admin-server/server.ts']) expect(graph.has(f)).toBe(true);
  // The check finds one: a.ts → b.ts → c.ts → a.ts, and a type-only self-import.
  const made: Graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['d.ts']], ['e.ts', ['a.ts']]]);
  expect(cyclesOf(made)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
});

test('imports run one way between rooms and between the engine\'s folders, none beside or above; http/ is wire format only', () => {
  expect(breaksOf(graph)).toEqual([]);
  // Every module of the product is in a room: none escapes the check, specs included.
  expect([...graph.keys()].filter((f) => /^(harness|scenarios|stand-in\/admin-server)\//.test(f) && !roomOfFile(f))).toEqual([]);
  expect([...graph.keys()].filter((f) => f.startsWith('harness/embedded/') && !engineRoomOfFile(f))).toEqual([]);
  const made: Graph = new Map([
    ['harness/stack/stack.ts', ['harness/control/channel.ts', 'harness/stack/registry.ts', 'harness/embedded/engine.ts']],
    ['harness/embedded/engine.ts', ['harness/nginx/engine.ts', 'harness/engine/engine.ts']],
    ['harness/embedded/http/request-head.ts', ['harness/embedded/request.ts', 'harness/embedded/http/uri.ts']],
    // The core knows no module; a module knows no other; a module's spec is in its room.
    ['harness/embedded/request.ts', ['harness/embedded/modules/gzip/filter.ts', 'harness/embedded/phases/phases.ts', 'harness/embedded/upstream/state.ts']],
    ['harness/embedded/modules/ssi/filter.ts', ['harness/embedded/modules/gzip/filter.ts', 'harness/embedded/request.ts', 'harness/embedded/modules/ssi/parse.ts']],
    ['harness/embedded/modules/ssi/parse.spec.ts', ['harness/embedded/modules.ts', 'harness/embedded/modules/ssi/parse.ts']],
    // A spec sits in the room of what it tests; the suite's support is no room.
    ['harness/faults/admin-stop.spec.ts', ['harness/cli.ts', 'tests/support/ports.ts']],
  ]);
  expect(breaksOf(made)).toEqual([
    'harness/stack/stack.ts imports harness/control/channel.ts (harness/stack/ sits below harness/control/)',
    'harness/embedded/engine.ts imports harness/nginx/engine.ts (harness/embedded/ sits beside harness/nginx/)',
    'harness/embedded/http/request-head.ts imports harness/embedded/request.ts (http/ sits below the core (the top-level files, phases/, files/, upstream/))',
    'harness/embedded/request.ts imports harness/embedded/modules/gzip/filter.ts (the core (the top-level files, phases/, files/, upstream/) sits below modules/gzip/)',
    'harness/embedded/modules/ssi/filter.ts imports harness/embedded/modules/gzip/filter.ts (modules/ssi/ sits beside modules/gzip/)',
    'harness/embedded/modules/ssi/parse.spec.ts imports harness/embedded/modules.ts (modules/ssi/ sits below modules.ts)',
    'harness/faults/admin-stop.spec.ts imports harness/cli.ts (harness/faults/ sits below harness/cli.ts)',
  ]);
});

test('the runtime code imports only dependencies: `npm install --omit=dev` runs every command', async () => {
  // @ts-expect-error plain JS module
  const { packageImports } = (await import('../../bin/import-graph.js')) as { packageImports: () => Map<string, string[]> };
  const { dependencies } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  const runtime = [...packageImports()].filter(([f]) => /^(harness|stand-in|scenarios)\//.test(f) && !f.endsWith('.spec.ts'));
  // The scenarios' assertions are among them: the check sees the package their expect loads.
  expect(runtime.find(([f]) => f === 'scenarios/steps/expect.ts')?.[1]).toContain('playwright');
  expect(runtime.filter(([, packages]) => packages.some((p) => !(p in dependencies))).map(([f, packages]) => `${f}: ${packages.filter((p) => !(p in dependencies)).join(', ')}`)).toEqual([]);
});
