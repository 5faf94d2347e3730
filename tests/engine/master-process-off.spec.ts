// `master_process off;`: `harness proxy` and `nginx -g 'daemon off;'` on the same conf run as one
// process each (the pid file's, with no child), answer the same bytes, and write the same error-log
// lines from start to stop (no "start worker processes", no worker's lines), timestamps, pids and
// Node's missing "from <pid>" aside. (A reload is not compared: nginx 1.22.1's single process
// closes every new connection after one, see docs/nginx-parity.md.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { send } from '../support/raw-http.js';
import { childrenOf } from '../support/processes.js';
import { normaliseFor, startEnginePair, type EngineUnderTest } from '../support/engine-pair.js';

test.skip(({ engine }) => engine === 'nginx', 'differential: the test runs both engines itself');

const req = (line: string) => `${line}\r\nHost: a\r\nConnection: close\r\n\r\n`;
const SESSION = [req('GET /x HTTP/1.1'), req('GET /api/employee/page?page=1 HTTP/1.1'), req('GET /missing HTTP/1.1')];

const pidOf = (x: EngineUnderTest) => Number(readFileSync(join(x.prefix, 'logs', 'nginx.pid'), 'latin1').trim());
/** The error log, normalised, without "from <pid>" (Node cannot tell who sent a signal). */
const errorLog = (x: EngineUnderTest) =>
  normaliseFor(x, readFileSync(join(x.prefix, 'logs', 'error.log'), 'latin1'))
    .replace(/ received from \d+,/g, ' received,')
    .split('\n')
    .filter(Boolean);

test('master_process off: one process each, the same answers, and the same error log from start to stop', async ({}, testInfo) => {
  const pair = await startEnginePair(testInfo.outputPath('pair'), { main: 'master_process off;', errorLogLevel: 'notice' }, 'cli');
  let stopped = false;
  try {
    for (const x of [pair.nginx, pair.embedded]) expect(childrenOf(pidOf(x)), `${x.name}: the pid file's process has no child`).toEqual([]);
    const session = async () => {
      for (const request of SESSION) {
        const [n, e] = await Promise.all([pair.nginx, pair.embedded].map((x) => send(x.port, request, { timeoutMs: 5000 })));
        expect(normaliseFor(pair.embedded, e.raw), request.split('\r\n')[0]).toBe(normaliseFor(pair.nginx, n.raw));
      }
    };
    await session();
    for (const x of [pair.nginx, pair.embedded]) expect(childrenOf(pidOf(x))).toEqual([]);
    await pair.stop();
    stopped = true;
    expect(errorLog(pair.embedded)).toEqual(errorLog(pair.nginx));
    expect(errorLog(pair.nginx).join('\n')).not.toContain('start worker process');
  } finally {
    if (!stopped) await pair.stop();
  }
});
