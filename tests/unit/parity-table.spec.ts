// docs/nginx-parity.md's table of directives says what the embedded engine runs: every directive
// of the engine's table (harness/nginx-conf/directives.ts, and its modules': harness/embedded/modules.ts) has a row, no row names one the engine
// does not know, and each row's tests are specs that exist and name the directive.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import { DIRECTIVES } from '../../harness/nginx-conf/directives.js';
import { CONF_MODULES } from '../../harness/embedded/modules.js';

const DOC = join(repoRoot, 'docs', 'nginx-parity.md');

/** The table's rows: `| \`name\` | ... | [spec](../tests/...) ... |`. */
function rows(): { name: string; specs: string[] }[] {
  return [...readFileSync(DOC, 'utf8').matchAll(/^\| `([a-z_0-9]+)` \|(.*)\|\s*$/gm)].map((m) => ({
    name: m[1],
    specs: [...m[2].matchAll(/\]\(([^)]+\.spec\.ts)\)/g)].map((l) => resolve(dirname(DOC), l[1])),
  }));
}

test('every directive the embedded engine knows has a row in docs/nginx-parity.md, and no other', () => {
  const documented = rows().map((r) => r.name);
  expect(new Set(documented).size, 'each directive once').toBe(documented.length);
  expect([...documented].sort()).toEqual([...Object.keys(DIRECTIVES), ...CONF_MODULES.flatMap((m) => Object.keys(m.directives))].sort());
});

test('each row links to specs that exist and name its directive', () => {
  const wrong: string[] = [];
  for (const { name, specs } of rows()) {
    if (!specs.length) wrong.push(`${name}: no spec linked`);
    for (const spec of specs) {
      if (!existsSync(spec)) wrong.push(`${name}: ${spec} is not there`);
      // A word of its own, or after the `\n` of a conf written in a string.
      else if (!new RegExp(`(?:\\b|(?<=\\\\n))${name}\\b`).test(readFileSync(spec, 'utf8'))) wrong.push(`${name}: ${spec} never names it`);
    }
  }
  expect(wrong).toEqual([]);
});
