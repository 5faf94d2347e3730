// docs/architecture.md is checked against the tree: every module of the product (harness/,
// stand-in/admin-server/, scenarios/) is named in its layout, and every file the layout names exists.
// A folder the layout describes as "one file per <thing>" (faults/, scenarios/) covers its files.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

/** One entry of a layout block: a folder or a file, and its description. */
interface Entry {
  folder: string;
  file?: string;
  text: string;
}

/** Where an entry's description starts, in the layout blocks: what sits left of it is a name. */
const DESCRIPTION_COLUMN = 20;

/**
 * The layout blocks' entries: a line whose first word, left of the description column, ends in `/`
 * (a folder) or names a file; its children are indented under it; lines further right go on with
 * the description. The engine's own block starts at `embedded/`, under harness/.
 */
function layoutEntries(doc: string): Entry[] {
  const entries: Entry[] = [];
  for (const [, block] of doc.matchAll(/^```\n([^]*?)^```/gm)) {
    const lines = block.split('\n').filter((l) => l.trim());
    const top = lines[0]?.trim().split(/\s+/)[0] ?? '';
    if (!top.endsWith('/')) continue;
    const open: [indent: number, folder: string][] = [];
    const base = top === 'embedded/' ? 'harness' : '';
    let current: Entry | undefined;
    for (const line of lines) {
      const indent = line.search(/\S/);
      const name = line.trim().split(/\s+/)[0];
      if (indent < DESCRIPTION_COLUMN && /(\/|\.\w+)$/.test(name)) {
        while (open.length && open[open.length - 1][0] >= indent) open.pop();
        const parent = open.length ? open[open.length - 1][1] : base;
        const path = posix.join(parent, name).replace(/\/$/, '');
        if (name.endsWith('/')) open.push([indent, path]);
        current = name.endsWith('/') ? { folder: path, text: '' } : { folder: parent, file: path, text: '' };
        current.text = line.slice(indent + name.length);
        entries.push(current);
      } else if (current) current.text += `\n${line}`;
    }
  }
  return entries;
}

/** A file named in a description, from its entry's folder up: `pool.ts`, `master/pool.ts`. */
function resolveNamed(folder: string, named: string): string | undefined {
  for (let f = folder; ; f = posix.dirname(f)) {
    const path = posix.join(f, named);
    if (existsSync(join(repoRoot, path))) return path;
    if (f === '.' || f === '') return undefined;
  }
}

/** "one file per fault", "http/ (one file per other nginx module", "one file per area in messages/", "one *-controller.ts per resource". */
function coveredFolders(e: Entry): { folder: string; like?: RegExp }[] {
  return [...e.text.matchAll(/(?:([\w-]+\/)\s*\()?one (file|\*[\w.-]+) per\s+\w+(?:\s+in\s+([\w-]+\/))?/g)].map((m) => ({
    folder: posix.join(e.folder, m[1] ?? m[3] ?? '.').replace(/\/$/, ''),
    like: m[2] === 'file' ? undefined : new RegExp(`^${m[2].replace(/\./g, '\\.').replace('*', '.*')}$`),
  }));
}

function modules(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .map((f) => posix.join(folder, f.split('\\').join('/')))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'));
}

/** What the layout names and covers, and the names that resolve to no file. */
function layout(doc: string) {
  const named = new Set<string>();
  const unknown: string[] = [];
  const covered: { folder: string; like?: RegExp }[] = [];
  for (const e of layoutEntries(doc)) {
    if (e.file) (existsSync(join(repoRoot, e.file)) ? named.add(e.file) : unknown.push(e.file));
    covered.push(...coveredFolders(e));
    for (const [name] of e.text.matchAll(/(?<![\w.*-])[\w-]+(?:\/[\w-]+)*\.(?:ts|js|cjs)\b/g)) {
      const path = resolveNamed(e.folder, name);
      if (path) named.add(path);
      else unknown.push(`${name} (under ${e.folder}/)`);
    }
  }
  const isCovered = (f: string) => covered.some((c) => posix.dirname(f) === c.folder && (!c.like || c.like.test(posix.basename(f))));
  return { named, unknown, isCovered };
}

const doc = readFileSync(join(repoRoot, 'docs', 'architecture.md'), 'utf8');

test('every module of the product is in docs/architecture.md', () => {
  const { named, isCovered } = layout(doc);
  const absent = ['harness', 'stand-in/admin-server', 'scenarios'].flatMap(modules).filter((f) => !named.has(f) && !isCovered(f));
  expect(absent, 'modules the layout of docs/architecture.md does not name: add each, with what it does').toEqual([]);
});

test('every file docs/architecture.md names exists', () => {
  expect(layout(doc).unknown, 'files named in docs/architecture.md that are not in the tree').toEqual([]);
});

test('the check reads the layout as a reader does, and fails on a module left out or a name made up', () => {
  const made = [
    '```',
    'harness/            cli.ts (the root)',
    '  faults/           one file per fault, the table (index.ts)',
    '  embedded/         the engine',
    '    master/         master.ts, pool.ts',
    '  stack/            registry.ts, nowhere.ts',
    '```',
  ].join('\n');
  const { named, unknown, isCovered } = layout(made);
  expect([...named].sort()).toEqual(['harness/cli.ts', 'harness/embedded/master/master.ts', 'harness/embedded/master/pool.ts', 'harness/faults/index.ts', 'harness/stack/registry.ts']);
  expect(unknown).toEqual(['nowhere.ts (under harness/stack/)']);
  expect(isCovered('harness/faults/admin-hang.ts')).toBe(true);
  expect(isCovered('harness/stack/stack.ts')).toBe(false);
});
