// `-t`, as `nginx -t` prints it: "syntax is ok" only once nginx has read the whole conf (an error
// it finds afterwards, a missing events section, comes after it; one it finds while reading, an
// unknown variable, comes alone), then the files a start opens (`-t` opens the pid file, and with
// it a prefix without logs/ fails). The embedded engine's `harness proxy -t`, or real nginx.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { applyPrefixDefaults } from '../../harness/nginx/defaults.js';
import { findNginx } from '../../harness/nginx/engine.js';
import { distFile } from '../../harness/paths.js';
import type { EngineName } from '../../harness/engine/engine.js';
import { freePort } from '../support/ports.js';

/** What `-t` printed, each line with the prefix as PREFIX, and a log-format line's time and PID#TID as TIME and PID. */
async function testConf(engine: EngineName, prefix: string, conf = 'conf/nginx.conf'): Promise<{ exitCode?: number; lines: string[] }> {
  let r;
  if (engine === 'nginx') {
    // As the harness runs nginx (harness/nginx/engine.ts): the prefix's defaults, the start-up log in logs/.
    const file = isAbsolute(conf) ? conf : join(prefix, conf);
    const { globals } = existsSync(file) ? applyPrefixDefaults(file) : { globals: '' };
    r = await execa(findNginx()!, ['-t', '-p', prefix, '-c', conf, '-e', 'logs/error.log', ...(globals ? ['-g', globals] : [])], { reject: false, all: true });
  } else {
    r = await execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-t', '-p', prefix, '-c', conf, '--os', 'linux'], { reject: false, all: true });
  }
  const lines = r.all
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(prefix).join('PREFIX').replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[(\w+)\] (\d+)#\2: /, 'TIME [$1] PID: '));
  return { exitCode: r.exitCode, lines };
}

async function prefixWith(dir: string, edit: (conf: string) => string = (c) => c): Promise<string> {
  const prefix = join(dir, 'prefix');
  const conf = `pid logs/nginx.pid;\nevents {}\nhttp {\n    server { listen 127.0.0.1:${await freePort()}; location / { root html; } }\n}\n`;
  preparePrefix({ prefix, conf: { text: edit(conf) } });
  return prefix;
}

const OK = 'nginx: the configuration file PREFIX/conf/nginx.conf syntax is ok';
const FAILED = 'nginx: configuration file PREFIX/conf/nginx.conf test failed';
const noEvents = (c: string) => c.replace('events {}\n', '');
const unknownVariable = (c: string) => c.replace('http {\n', 'http {\n    map $nosuch $mapped { default 1; }\n');

test('a missing events section is found after the conf is read: "syntax is ok", then the emerg', async ({ engine }, testInfo) => {
  const r = await testConf(engine, await prefixWith(testInfo.outputPath('p'), noEvents));
  expect(r).toEqual({ exitCode: 1, lines: [OK, 'nginx: [emerg] no "events" section in configuration', FAILED] });
});

test('an unknown variable is found while the conf is read: its emerg alone, no "syntax is ok"', async ({ engine }, testInfo) => {
  const r = await testConf(engine, await prefixWith(testInfo.outputPath('p'), unknownVariable));
  expect(r).toEqual({ exitCode: 1, lines: ['nginx: [emerg] unknown "nosuch" variable', FAILED] });
});

test('an unknown variable and no events section: the variable is found first', async ({ engine }, testInfo) => {
  const r = await testConf(engine, await prefixWith(testInfo.outputPath('p'), (c) => noEvents(unknownVariable(c))));
  expect(r).toEqual({ exitCode: 1, lines: ['nginx: [emerg] unknown "nosuch" variable', FAILED] });
});

test('a conf file that is not there: open() failed, naming no place, no "syntax is ok"', async ({ engine }, testInfo) => {
  const r = await testConf(engine, await prefixWith(testInfo.outputPath('p')), 'conf/missing.conf');
  expect(r).toEqual({
    exitCode: 1,
    lines: ['nginx: [emerg] open() "PREFIX/conf/missing.conf" failed (2: No such file or directory)', 'nginx: configuration file PREFIX/conf/missing.conf test failed'],
  });
});

test('a conf that is fine: "syntax is ok", "test is successful", and the pid file opened, not written', async ({ engine }, testInfo) => {
  const prefix = await prefixWith(testInfo.outputPath('p'));
  const r = await testConf(engine, prefix);
  expect(r).toEqual({ exitCode: 0, lines: [OK, 'nginx: configuration file PREFIX/conf/nginx.conf test is successful'] });
  expect(readFileSync(join(prefix, 'logs', 'nginx.pid'), 'utf8')).toBe('');
  // A pid file that is there is left as it is.
  writeFileSync(join(prefix, 'logs', 'nginx.pid'), '4242\n');
  expect((await testConf(engine, prefix)).exitCode).toBe(0);
  expect(readFileSync(join(prefix, 'logs', 'nginx.pid'), 'utf8')).toBe('4242\n');
});

test('a prefix without logs/: the start-up log\'s alert, "syntax is ok", then the pid file, the first file `-t` opens', async ({ engine }, testInfo) => {
  const prefix = await prefixWith(testInfo.outputPath('p'));
  rmSync(join(prefix, 'logs'), { recursive: true });
  const r = await testConf(engine, prefix);
  expect(r).toEqual({
    exitCode: 1,
    lines: [
      'nginx: [alert] could not open error log file: open() "PREFIX/logs/error.log" failed (2: No such file or directory)',
      OK,
      'TIME [emerg] PID: open() "PREFIX/logs/nginx.pid" failed (2: No such file or directory)',
      FAILED,
    ],
  });
  expect(existsSync(join(prefix, 'logs'))).toBe(false);
});

// nginx names an upstream block's server as written (with its port), proxy_pass's host alone.
for (const [what, block, shown] of [
  ['an upstream block\'s server with a port', 'upstream u { server nosuchhost.invalid:8080 weight=2; }\n    ', 'nosuchhost.invalid:8080'],
  ['an upstream block\'s server without one', 'upstream u { server nosuchhost.invalid; }\n    ', 'nosuchhost.invalid'],
  ['proxy_pass with a port', '', 'nosuchhost.invalid'],
] as const) {
  test(`a host that does not resolve, in ${what}: host not found in upstream "${shown}"`, async ({ engine }, testInfo) => {
    const pass = block ? 'http://u' : 'http://nosuchhost.invalid:8080/';
    const r = await testConf(engine, await prefixWith(testInfo.outputPath('p'), (c) => c.replace('http {\n', `http {\n    ${block}`).replace('root html;', `proxy_pass ${pass};`)));
    expect(r).toEqual({ exitCode: 1, lines: [`nginx: [emerg] host not found in upstream "${shown}" in PREFIX/conf/nginx.conf:4`, FAILED] });
  });
}
