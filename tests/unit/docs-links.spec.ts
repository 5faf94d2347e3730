// Every link of the README and of docs/ resolves: a file or folder of the repository, and a
// heading of it where the link names one (`#anchor`, as GitHub makes a heading's anchor). Links out
// of the repository are https only, and not followed.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

const docs = ['README.md', 'README.zh-CN.md', 'bench/README.md', ...readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => `docs/${f.split('\\').join('/')}`)];

/** A markdown file's links, outside code blocks and code spans: `[text](target)`. */
function links(text: string): string[] {
  const prose = text.replace(/^```[^]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.replace(/^```[^]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1].toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

test('the README and docs/ are there, with links to check', () => {
  expect(docs.length).toBeGreaterThan(2);
  expect(links(readFileSync(join(repoRoot, 'README.md'), 'utf8')).length).toBeGreaterThan(5);
});

for (const doc of docs) {
  test(`every link of ${doc} resolves`, () => {
    const file = join(repoRoot, doc);
    const broken: string[] = [];
    for (const link of links(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z+.-]*:/i.test(link)) {
        if (!link.startsWith('https://')) broken.push(`${link}: a link out of the repository is https`);
        continue;
      }
      const [path, anchor] = link.split('#');
      const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (relative(repoRoot, target).startsWith('..')) broken.push(`${link}: outside the repository`);
      else if (!existsSync(target)) broken.push(`${link}: no such file`);
      else if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor)) {
        broken.push(`${link}: no heading with that anchor in ${relative(repoRoot, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });
}

// The package is not published on the npm registry: `npx sky-harness <command>` outside a folder
// where it is installed downloads whatever package has that name (a 404 today, a stranger's code the
// day someone registers it). A doc gives `npx harness` in the clone, or `npx --no` (never install).
const NPX_SKY_HARNESS = /\bnpx((?:[ \t]+-[\w-]+)*)[ \t]+sky-harness[ \t]+[a-z]/g;

/** The `npx sky-harness <command>` a text tells its reader to run, without `--no`. */
function unpublishedNpx(text: string): string[] {
  return [...text.matchAll(NPX_SKY_HARNESS)].filter((m) => !/(^|\s)--no\b/.test(m[1])).map((m) => m[0]);
}

/**
 * The commands joined with `&&` (code blocks and code spans) whose Windows PowerShell 5.1 form, the
 * same commands joined with `; `, the doc does not give: PowerShell 5.1 refuses `&&`.
 */
function andWithoutPowerShell(text: string): string[] {
  const code = [...text.matchAll(/^```[^\n]*\n([^]*?)^```/gm)].flatMap((m) => m[1].split('\n')).concat([...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]));
  return code
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((cmd) => /\S\s*&&\s*\S/.test(cmd) && !text.includes(cmd.split(/\s*&&\s*/).join('; ')));
}

// The docs of the project's own developers (on Linux, building nginx or the benchmarks) are not shown
// to Windows users, in either language.
const DEVELOPERS_ONLY = new Set(['docs/architecture.md', 'docs/figures.md', 'bench/README.md']);
const developersOnly = (doc: string) => DEVELOPERS_ONLY.has(doc.replace(/\.zh-CN\.md$/, '.md'));

test('the checks of commands find what they look for', () => {
  expect(unpublishedNpx('run `npx sky-harness doctor error.log`\n```\nnpx -y sky-harness up\n```')).toEqual(['npx sky-harness d', 'npx -y sky-harness u']);
  expect(unpublishedNpx('`npx --no sky-harness doctor error.log`, not `npx sky-harness` outside the clone')).toEqual([]);
  expect(andWithoutPowerShell('```sh\nnpm install && npx harness up   # the stack\n```')).toEqual(['npm install && npx harness up']);
  expect(andWithoutPowerShell('`npm install && npm test` (PowerShell 5.1: `npm install; npm test`); PowerShell 5.1 has no `&&`')).toEqual([]);
});

for (const doc of docs) {
  test(`${doc} tells no one to npx the unpublished package${developersOnly(doc) ? '' : ', and gives a command with && in its PowerShell 5.1 form too'}`, () => {
    const text = readFileSync(join(repoRoot, doc), 'utf8');
    expect(unpublishedNpx(text)).toEqual([]);
    if (!developersOnly(doc)) expect(andWithoutPowerShell(text)).toEqual([]);
  });
}
