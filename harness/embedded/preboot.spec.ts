// bin/harness.js starts the embedded engine's first worker before the CLI has parsed its arguments
// (harness/embedded/preboot.ts): its guess of whether the command line will want one.
import { test, expect } from '@playwright/test';
import { wantsWorker } from './preboot.js';

const cases: [string, boolean][] = [
  ['up', true],
  ['up --port 8081 --admin ipv4', true],
  ['up --proxy embedded', true],
  ['up --proxy=embedded --workers 2', true],
  ['proxy -p /tmp/p -c conf/nginx.conf', true],
  ['up --proxy nginx', false],
  ['up --proxy=nginx', false],
  ['up --help', false],
  ['up -h', false],
  ['up -d', false],
  ['up --detach --port 8081', false],
  ['up --port 8081 --detach=true', false],
  ['proxy -t -p /tmp/p', false],
  ['proxy -p /tmp/p -c nginx.conf -e error.log -g daemon_off;', true],
  ['proxy -tq', false],
  ['proxy -T', false],
  ['proxy -V', false],
  ['proxy -s reload', false],
  ['proxy -x', false],
  ['proxy --test', false],
  ['doctor error.log', false],
  ['chaos run admin-down', false],
  ['', false],
];

for (const [line, wanted] of cases) {
  test(`harness ${line || '(nothing)'}: ${wanted ? 'a worker is pre-booted' : 'none is'}`, () => {
    expect(wantsWorker(line ? line.split(' ') : [])).toBe(wanted);
  });
}
