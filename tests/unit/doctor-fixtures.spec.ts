// Every line of every real error.log excerpt in ../shared/fixtures/nginx-logs/ is in an incident
// with the right condition, or listed as unrecognised. The table below was written by reading the
// lines (see SOURCES.md next to them), not by running the doctor: each entry is one incident, its
// condition and its lines; lines of one incident are the tries of one request, the alerts of one
// crash, one start-up failure repeated, one missing file asked for again, and so on.
// The files are read from ../shared at test time; they are not copied into this repository.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnose, type ConditionId, type Diagnosis } from '../../harness/doctor/index.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'nginx-logs');

type Expected = [ConditionId, number[]][];

/** `r(3, 7)` = lines 3 to 7. */
const r = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

const TABLE: Record<string, { incidents: Expected; unrecognised?: number[] }> = {
  // [::1] then 127.0.0.1 refused 2 s apart (one login), the reverse order (another), a premature
  // close, a [::1] refusal whose retry met 127.0.0.1 refused by *160, *160's refusal + no live
  // upstreams in the same request (3d), then three 502s while both peers were down.
  '01-shuhongfan-win-10061-login-ipv6-then-ipv4-2s.log': {
    incidents: [
      ['upstream-refused', [1, 2]],
      ['upstream-refused', [3, 4]],
      ['upstream-closed', [5]],
      ['upstream-refused', [6]],
      ['upstream-refused', [7, 8]],
      ['no-live-upstreams', [9, 10, 11]],
    ],
  },
  '02-2741538125-win-10061-login-then-timeout.log': {
    incidents: [
      ['upstream-refused', [1, 2]],
      ['upstream-timeout', [3]],
    ],
  },
  // *3 logs two complete pairs 32 s apart (two logins on one keep-alive connection), then a
  // no live upstreams of a third try; pid 8840: one pair, then three 502s within 3 s.
  '03-kaltist01-win-10061-login-no-live-upstreams.log': {
    incidents: [
      ['upstream-refused', [1, 2]],
      ['upstream-refused', [3, 4]],
      ['no-live-upstreams', [5]],
      ['upstream-refused', [6, 7]],
      ['no-live-upstreams', [8, 9, 10]],
    ],
  },
  // nginx on 8545 proxying to 8080 (not a loop); html/sky missing (3: path) five times.
  '04-gexinyu2333-win-10061-login-port8545-index-not-found.log': {
    incidents: [
      ['upstream-refused', [1, 2]],
      ['static-not-found', r(3, 7)],
      ['upstream-refused', [8, 9]],
      ['upstream-refused', [10, 11]],
      ['upstream-refused', [12, 13]],
      ['upstream-refused', [14, 15]],
    ],
  },
  '05-ytakeout-win-createdirectory-client-body-temp-then-10061.log': {
    incidents: [
      ['temp-dir-missing', r(1, 14)],
      ['upstream-refused', [15, 16]],
    ],
  },
  '06-johnnytaick-win-createdirectory-client-body-temp-and-10061.log': {
    incidents: [
      ['temp-dir-missing', r(1, 8)],
      ['upstream-refused', [9, 10]],
      ['upstream-refused', [11, 12]],
      ['no-live-upstreams', [13, 14]],
    ],
  },
  '07-dungeonmaster02-win-createdirectory-client-body-temp.log': { incidents: [['temp-dir-missing', r(1, 9)]] },
  '08-chinesecz-win-createdirectory-client-body-temp.log': { incidents: [['temp-dir-missing', r(1, 4)]] },
  // Three separate crashes (three masters), each exited C0000142 + could not respawn; a reset
  // WebSocket to the admin server.
  '11-nanmorx-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['no-live-upstreams', [1]],
      ['upstream-refused', [2]],
      ['respawn-failed', [3, 4]],
      ['respawn-failed', [5, 6]],
      ['respawn-failed', [7, 8]],
      ['upstream-reset', [9]],
    ],
  },
  // Five 413s on /api/common/upload; one GET timed out on 127.0.0.1, retried on [::1], timed out
  // again 60 s later (*305); /ws/ refused (the single-peer `webservers` upstream).
  '12-alisalv-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['body-too-large', [1, 2, 4, 6, 7]],
      ['upstream-timeout', [3, 5]],
      ['upstream-refused', [8]],
      ['no-live-upstreams', [9]],
      ['respawn-failed', [10, 11]],
      ['upstream-reset', [12]],
    ],
  },
  '13-chekilo-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['no-live-upstreams', [1, 2]],
      ['respawn-failed', [3, 4]],
      ['upstream-refused', [5]],
    ],
  },
  '14-qiujw-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['static-not-found', [1, 2]],
      ['respawn-failed', [3, 4]],
      ['upstream-refused', [5, 6]],
    ],
  },
  // The worker 13832 that logged "host not found" is the one that exited with code 1, and its
  // master could not respawn it: one incident, led by its cause.
  '15-dexyan1-win-host-not-found-worker-exit-1-could-not-respawn.log': {
    incidents: [
      ['upstream-timeout', [1]],
      ['upstream-reset', [2]],
      ['upstream-timeout', [3]],
      ['host-not-found', [4, 5, 6]],
      ['upstream-timeout', [7]],
    ],
  },
  // Docker on Linux: index.html missing; refused /ws/ and a request refused twice on 127.0.0.1;
  // the missing error page 50x.html after each 502; no live upstreams bursts; then the conf errors.
  '17-rson9-linux-docker-111-connection-refused.log': {
    incidents: [
      ['static-not-found', [1, 2]],
      ['upstream-refused', [3]],
      ['static-not-found', [4, 7, 9, 11, 13, 15, 17]],
      ['upstream-refused', [5, 6]],
      ['no-live-upstreams', [8, 10, 12, 14, 16]],
      ['upstream-refused', [18, 19]],
      ['no-live-upstreams', r(20, 23)],
      ['host-not-found', r(24, 34)],
      ['host-not-found', r(35, 38)],
    ],
  },
  '20-nanouff-win-bind-80-10013.log': {
    incidents: [
      ['upstream-refused', [1]],
      ['port-forbidden', r(2, 11)],
    ],
  },
  // The nginx.conf path has "小新" (GBK) in it: a non-ASCII path failure, not a missing conf.
  // The PUT (idempotent) was retried on 127.0.0.1 60 s after [::1] timed out: one incident.
  '21-1avan-win-413-404-timeout-createfile-conf.log': {
    incidents: [
      ['path-encoding', [1]],
      ['upstream-closed', [2]],
      ['upstream-timeout', [3]],
      ['upstream-timeout', [4]],
      ['upstream-timeout', [5, 6]],
      ['static-not-found', [7, 8, 9]],
      ['body-too-large', [10]],
    ],
  },
  // *64's two POST timeouts are two requests (a POST is not retried once sent).
  '22-63213885-win-10060-login-timeout-prematurely-closed.log': {
    incidents: [
      ['upstream-closed', [1]],
      ['upstream-timeout', [2]],
      ['upstream-timeout', [3]],
      ['upstream-timeout', [4]],
      ['upstream-timeout', [5]],
      ['static-not-found', [6, 7, 8]],
    ],
  },
  '23-851543-win-bind-10013-access-denied.log': {
    incidents: [
      ['port-forbidden', [1]],
      ['upstream-timeout', [2]],
      ['access-denied', [3, 4, 5]],
      ['static-not-found', [6]],
      ['upstream-refused', [7]],
    ],
  },
  // Under Wine: the signal process's notices are info; its OpenEvent failure is signal-failed.
  '24-jonathanzha47-wine-openevent-reload-413.log': {
    incidents: [
      ['static-not-found', [1]],
      ['info', [2, 3]],
      ['signal-failed', [4]],
      ['info', [5, 6]],
      ['no-live-upstreams', [7]],
      ['upstream-timeout', [8]],
      ['body-too-large', [9, 10]],
      ['upstream-timeout', [11]],
    ],
  },
  '25-chen01hue-win-1113-chinese-path-openevent-stop.log': {
    incidents: [
      ['path-encoding', [1]],
      ['upstream-refused', [2]],
      ['upstream-refused', [3]],
      ['upstream-refused', [4]],
      ['info', [5]],
      ['signal-failed', [6, 8]],
      ['info', [7]],
    ],
  },
  // The instructor's three lines shipped with the course: path-encoding, but not a problem here.
  '26-course-shipped-error-log-1113-chinese-path.log': { incidents: [['path-encoding', [1, 2, 3]]] },
  // nginx moved to 8080 after 10013 on 80 and proxies /api/ to localhost:8080, i.e. to itself.
  '27-bohe5-win-bind-10013-proxy-to-self-404-admin-employee-login-c0000142.log': {
    incidents: [
      ['port-forbidden', [1, 2, 3, 4]],
      ['proxy-loop', [5, 6, 7, 8]],
      ['respawn-failed', [9, 10]],
    ],
  },
  '28-gyqq-win-1113-bind-80-4555-openevent-self-404.log': {
    incidents: [
      ['path-encoding', [1]],
      ['path-encoding', [2]],
      ['port-forbidden', [3]],
      ['upstream-refused', [4, 5]],
      ['port-forbidden', [6]],
      ['info', [7]],
      ['signal-failed', [8, 10, 12, 14]],
      ['info', [9]],
      ['info', [11]],
      ['info', [13]],
      ['proxy-loop', [15, 16, 17, 18]],
    ],
  },
};

function lineCount(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.log')).sort();

test('the table covers every fixture file, and there are fixture files to read', () => {
  expect(files.length).toBeGreaterThanOrEqual(23);
  expect(files).toEqual(Object.keys(TABLE).sort());
});

for (const file of files) {
  test(`${file}: every line in an incident with the right condition, or unrecognised`, () => {
    const bytes = readFileSync(path.join(FIXTURES, file));
    const want = TABLE[file];
    expect(want, `no expectations written for ${file}`).toBeDefined();
    const d: Diagnosis = diagnose(bytes);

    // Per line: its condition (or "unrecognised").
    const got = new Map<number, string>();
    for (const i of d.incidents) for (const n of i.lines) got.set(n, i.condition);
    for (const n of d.unrecognised) got.set(n, 'unrecognised');
    const expected = new Map<number, string>();
    for (const [condition, lines] of want.incidents) for (const n of lines) expected.set(n, condition);
    for (const n of want.unrecognised ?? []) expected.set(n, 'unrecognised');
    const total = lineCount(bytes);
    expect(expected.size, 'the table names every line of the file').toBe(total);
    for (let n = 1; n <= total; n++) expect.soft(got.get(n), `${file} line ${n}`).toBe(expected.get(n));

    // Per incident: which lines belong together.
    const groups = (list: [string, number[]][]) => list.map(([c, lines]) => `${c} ${lines.join(',')}`).sort();
    expect(groups(d.incidents.map((i) => [i.condition, i.lines]))).toEqual(groups(want.incidents));
    expect(d.unrecognised).toEqual(want.unrecognised ?? []);

    // Every incident says what happened and what to do.
    for (const i of d.incidents) {
      expect(i.cause.length, `cause of ${i.condition} ${i.lines}`).toBeGreaterThan(20);
      expect(i.fix.length, `fix of ${i.condition} ${i.lines}`).toBeGreaterThan(10);
    }
  });
}

/** The incident that holds `line` of `file`. */
function incidentAt(file: string, line: number) {
  const d = diagnose(readFileSync(path.join(FIXTURES, file)));
  const i = d.incidents.find((x) => x.lines.includes(line));
  if (!i) throw new Error(`${file}: no incident holds line ${line}`);
  return i;
}

test('refused tries: both loopbacks refused → not running; only one family → the IPv4/IPv6 mismatch', () => {
  const both = incidentAt('01-shuhongfan-win-10061-login-ipv6-then-ipv4-2s.log', 1);
  expect(both.detail?.verdict).toBe('not-running');
  expect(both.fix).toContain('Start the admin server on 8080 (both [::1] and 127.0.0.1 refused)');
  // [::1] refused, then nothing for a day: 127.0.0.1 answered.
  const v4 = incidentAt('20-nanouff-win-bind-80-10013.log', 1);
  expect(v4.detail?.verdict).toBe('listens-ipv4-only');
  expect(v4.cause).toMatch(/listens on IPv4 only/);
  // 127.0.0.1 refused three times, [::1] never.
  expect(incidentAt('25-chen01hue-win-1113-chinese-path-openevent-stop.log', 4).detail?.verdict).toBe('listens-ipv6-only');
  // [::1] refused on the last line of the log: the retry is not in it.
  expect(incidentAt('13-chekilo-win-worker-c0000142-could-not-respawn.log', 5).detail?.verdict).toBe('undetermined');
  // One refusal, but the same nginx had no live upstreams 2 s earlier: both were down.
  expect(incidentAt('11-nanmorx-win-worker-c0000142-could-not-respawn.log', 2).detail?.verdict).toBe('not-running');
  // 3d: connect() failed + no live upstreams in the same request: the refusal leads.
  const d3 = incidentAt('01-shuhongfan-win-10061-login-ipv6-then-ipv4-2s.log', 8);
  expect([d3.condition, d3.lines]).toEqual(['upstream-refused', [7, 8]]);
});

test('causes and fixes name what the lines name: port, folder, path, peer', () => {
  const temp = incidentAt('05-ytakeout-win-createdirectory-client-body-temp-then-10061.log', 1);
  expect(temp.fix).toContain('Create the `temp` folder next to nginx.exe: D:\\Study\\CQ_front\\cangqiong-takeout\\nginx-1.20.2\\temp');
  expect(temp.cause).toContain('14 start attempts');
  const port = incidentAt('20-nanouff-win-bind-80-10013.log', 2);
  expect(port.fix).toContain('netsh int ipv4 show excludedportrange protocol=tcp');
  expect(port.fix).toContain('net stop http');
  expect(incidentAt('28-gyqq-win-1113-bind-80-4555-openevent-self-404.log', 6).fix).toContain('findstr :4555');
  // C0000142 + could not respawn: the session or desktop, not the folder (ASCII paths, requests served later).
  const crash = incidentAt('11-nanmorx-win-worker-c0000142-could-not-respawn.log', 3);
  expect(crash.cause).toMatch(/C0000142 \(STATUS_DLL_INIT_FAILED/);
  expect(crash.cause).toMatch(/session or desktop .* is ending \(log off.*\) or its desktop heap is used up/);
  expect(crash.cause).toContain('nginx served requests again later (line 9)');
  expect(crash.cause + crash.fix).not.toMatch(/non-ASCII|blocked|antivirus|Unblock/);
  expect(crash.fix).toMatch(/^If nginx answers now .*nothing to do\. Otherwise stop what is left of it \("taskkill \/IM nginx\.exe \/F"\) and start it again/);
  expect(incidentAt('14-qiujw-win-worker-c0000142-could-not-respawn.log', 3).fix).toContain('"cd /d E:\\nginx-1.20.2" then "start nginx"');
  const loop = incidentAt('27-bohe5-win-bind-10013-proxy-to-self-404-admin-employee-login-c0000142.log', 6);
  expect(loop.cause).toContain('listens on port 8080');
  expect(loop.cause).toContain('POST /admin/employee/login HTTP/1.0');
  expect(incidentAt('28-gyqq-win-1113-bind-80-4555-openevent-self-404.log', 15).fix).toContain("nginx's own port 4555");
  const timeout = incidentAt('02-2741538125-win-10061-login-then-timeout.log', 3);
  expect(timeout.cause).toContain('proxy_read_timeout (60 s by default): stopped at a breakpoint? a slow query?');
  const upload = incidentAt('21-1avan-win-413-404-timeout-createfile-conf.log', 10);
  expect(upload.fix).toContain('client_max_body_size');
  expect(upload.cause).toContain('1879336 bytes');
  const signal = incidentAt('28-gyqq-win-1113-bind-80-4555-openevent-self-404.log', 8);
  expect(signal.cause).toContain('process 19580');
  expect(signal.detail?.signals).toEqual(['reload', 'reopen', 'stop']);
  const docker = incidentAt('17-rson9-linux-docker-111-connection-refused.log', 24);
  expect(docker.fix).toContain('server host.docker.internal:8080;');
  const errorPage = incidentAt('17-rson9-linux-docker-111-connection-refused.log', 4);
  expect(errorPage.detail?.errorPage).toBe(true);
});

test('the course\'s shipped 1113 lines are path-encoding but no problem; a user\'s own are', () => {
  const shipped = incidentAt('26-course-shipped-error-log-1113-chinese-path.log', 1);
  expect(shipped.detail?.shipped).toBe(true);
  expect(shipped.cause).toMatch(/came with the course/);
  const own = incidentAt('25-chen01hue-win-1113-chinese-path-openevent-stop.log', 1);
  expect(own.detail?.shipped).toBeUndefined();
  expect(own.cause).toContain('D:\\开源项目\\苍穹外卖');
  expect(own.fix).toMatch(/ASCII/);
});
