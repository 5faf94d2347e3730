// What nginx accepts in the rewrite and access modules but the engine does not emulate is refused
// at start, with the user's file and line, never taken and ignored: PCRE syntax JavaScript reads
// otherwise, named captures, access_log inside `if`, low address
// bits nginx would warn of. And the script a conf compiles to: the `if`'s own settings, its codes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import type { LocationConf, NginxConf } from '../../../nginx-conf/model.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { engineConf } from '../../../../tests/support/engine-conf.js';
import { REWRITE } from './conf.js';

function load(dir: string, server: string): NginxConf {
  mkdirSync(join(dir, 'conf'), { recursive: true });
  writeFileSync(join(dir, 'conf', 'nginx.conf'), `events {}\nhttp {\n  server {\n    listen 127.0.0.1:8080;\n    ${server}\n  }\n}\n`);
  return engineConf(dir);
}

const script = (l: LocationConf) => moduleConf(l, REWRITE).rewrite!;

const refused = (what: string, dir: string) => `${what} not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in ${dir}/conf/nginx.conf:5`;

const cases: [string, string][] = [
  ['rewrite ^/a++ /b;', 'possessive quantifiers in the regular expression "^/a++" are'],
  ['rewrite ^/[[:alpha:]]+ /b;', 'POSIX classes ("[:name:]") in the regular expression "^/[[:alpha:]]+" are'],
  ['location / { if ($uri) { access_log off; } }', '"access_log" inside "if" is'],
  ['allow 10.1.2.3/8;', '"allow 10.1.2.3/8" (low address bits set past the prefix length) is'],
  ['return 200 $tcpinfo_rtt;', 'the variable "$tcpinfo_rtt" (used by "return") is'],
];

for (const [server, what] of cases) {
  test(`refused: ${server}`, async ({}, testInfo) => {
    const dir = testInfo.outputPath('p');
    expect(() => load(dir, server)).toThrow(refused(what, dir));
  });
}

test('PCRE syntax JavaScript reads alike is taken: escapes, classes, lookarounds, a literal ++ in a class or escaped', async ({}, testInfo) => {
  const conf = load(testInfo.outputPath('p'), 'rewrite ^/(\\w+)/[a+]+\\+\\+(?=x)(?:y|z)\\.(js|css)$ /$1 last;');
  const [code] = script(conf.servers[0].base);
  expect(code.op === 'rewrite' && code.regex.re.source).toContain('[a+]+\\+\\+(?=x)(?:y|z)\\.(js|css)');
});

test('a location\'s if: its codes inline in the location\'s script, its settings its own, not inherited by nested levels', async ({}, testInfo) => {
  const conf = load(testInfo.outputPath('p'), 'set $a 1; location /x/ { if ($a) { root /alt; return 204; } set $b 2; }');
  const [server, loc] = [conf.servers[0].base, conf.servers[0].locations[0]];
  expect(script(server).map((c) => c.op)).toEqual(['set']);
  expect(script(loc).map((c) => c.op)).toEqual(['if', 'set']);
  const iff = script(loc)[0];
  expect(iff.op === 'if' && iff.body.map((c) => c.op)).toEqual(['return']);
  expect(iff.op === 'if' && (iff.own?.conf as { root: string }).root).toBe('/alt');
  expect(loc.root).not.toBe('/alt');
});
