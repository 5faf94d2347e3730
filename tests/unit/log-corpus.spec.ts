// The real-log corpus, an extra beside the project's own fixtures: excerpts of users' real
// error.logs, kept outside the repository and named by the HARNESS_LOG_CORPUS variable (a folder of
// `NN-….log` files). Without the variable this spec has no tests; with it, a folder that is missing
// or holds none of the files below fails the run rather than skipping it. Every line of every
// excerpt is in an incident with the right condition, or listed as unrecognised. The table below
// was written by reading the lines, not by running the doctor: each entry is one incident, its
// condition and its lines; lines of one incident are the tries of one request, the alerts of one
// crash, one start-up failure repeated, one missing file asked for again, and so on. Each condition
// of each file also states the key facts its cause and fix must name (the port, the folder, Docker,
// the process to stop, ...), the IPv4/IPv6 verdict of refused tries, and what needs no action.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { diagnose, isProblem, type ConditionId, type Diagnosis, type Incident, type RefusedVerdict } from '../../harness/doctor/index.js';


/** Text the cause or the fix must hold (a string as is, or a pattern). */
type Fact = string | RegExp;

interface Facts {
  cause?: Fact[];
  fix?: Fact[];
  verdict?: RefusedVerdict;
  /** Nothing to act on (notices, the course's own lines, harmless 404s and resets). */
  harmless?: true;
}

type Expected = [ConditionId, number[], Facts?][];

/** The refused pair of a login with nothing on 8080 (Windows: ~2 s per refused try). */
const PAIR_8080: Facts = {
  verdict: 'not-running',
  cause: ['Nothing accepts connections on port 8080', "nginx's 2 tries on [::1]:8080 and 127.0.0.1:8080 were refused", 'after about 4 s on Windows'],
  fix: ['Start the admin server on 8080 (both [::1] and 127.0.0.1 refused)'],
};
const NO_LIVE_8080: Facts = { cause: ['admin server on 8080 had just failed', 'max_fails=1, fail_timeout=10s'], fix: ['Start the admin server on 8080', 'no nginx restart needed'] };
const READ_TIMEOUT: Facts = { cause: ['did not answer within proxy_read_timeout'], fix: ['breakpoint', 'raise proxy_read_timeout in location /api/'] };
const CLOSED_8080: Facts = { cause: ['closed the connection without a response'], fix: ['"netstat -ano | findstr :8080" that port 8080 is the admin server\'s'] };
const C0000142: Facts = {
  cause: ['C0000142 (STATUS_DLL_INIT_FAILED', /session or desktop nginx was started in is ending .* or its desktop heap is used up/],
  fix: ['If nginx answers now', '"taskkill /IM nginx.exe /F"', '"start nginx"'],
};
const TEMP: (folder: string) => Facts = (folder) => ({
  cause: [`the folder ${folder} does not exist`, 'never its parent'],
  fix: [`Create the \`temp\` folder next to nginx.exe: ${folder}`],
});
const PORT_80_FORBIDDEN: Facts = {
  cause: ['Windows forbids nginx to listen on 0.0.0.0:80', 'HTTP.sys'],
  fix: ['netsh int ipv4 show excludedportrange protocol=tcp', '"netstat -ano | findstr :80"', 'net stop http', '"listen 8081;"'],
};
const SIGNAL = (pid: number, signals: string): Facts => ({
  cause: [`${signals} found no nginx to signal`, `names process ${pid}, which is not running`],
  fix: ['"start nginx"', '"taskkill /IM nginx.exe /F"', 'delete logs\\nginx.pid'],
});
const INFO: Facts = { cause: ['in normal operation', 'no problem'], fix: ['Nothing to do.'], harmless: true };

/** `r(3, 7)` = lines 3 to 7. */
const r = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

const TABLE: Record<string, { incidents: Expected; unrecognised?: number[] }> = {
  // [::1] then 127.0.0.1 refused 2 s apart (one login), the reverse order (another), a premature
  // close, a [::1] refusal whose retry met 127.0.0.1 refused by *160, *160's refusal + no live
  // upstreams in the same request (3d), then three 502s while both peers were down.
  '01-shuhongfan-win-10061-login-ipv6-then-ipv4-2s.log': {
    incidents: [
      ['upstream-refused', [1, 2], PAIR_8080],
      ['upstream-refused', [3, 4], PAIR_8080],
      ['upstream-closed', [5], { cause: ['The admin server (127.0.0.1:8080) accepted POST /api/employee/login and closed the connection without a response'], fix: ['around 2023/07/08 11:58:18', '"netstat -ano | findstr :8080"'] }],
      ['upstream-refused', [6], { verdict: 'not-running', cause: ['127.0.0.1:8080 refused too on line 7'], fix: ['Start the admin server on 8080'] }],
      ['upstream-refused', [7, 8], { verdict: 'not-running', cause: ['no live upstreams'] }],
      ['no-live-upstreams', [9, 10, 11], { cause: ['on 8080', '3 requests (/api/dish/page, /api/shop/status)'], fix: NO_LIVE_8080.fix }],
    ],
  },
  '02-2741538125-win-10061-login-then-timeout.log': {
    incidents: [
      ['upstream-refused', [1, 2], PAIR_8080],
      ['upstream-timeout', [3], { cause: ['127.0.0.1:8080', ...READ_TIMEOUT.cause!], fix: ['around 2024/07/18 21:08:09', ...READ_TIMEOUT.fix!] }],
    ],
  },
  // *3 logs two complete pairs 32 s apart (two logins on one keep-alive connection), then a
  // no live upstreams of a third try; pid 8840: one pair, then three 502s within 3 s.
  '03-kaltist01-win-10061-login-no-live-upstreams.log': {
    incidents: [
      ['upstream-refused', [1, 2], PAIR_8080],
      ['upstream-refused', [3, 4], PAIR_8080],
      ['no-live-upstreams', [5], NO_LIVE_8080],
      ['upstream-refused', [6, 7], PAIR_8080],
      ['no-live-upstreams', [8, 9, 10], NO_LIVE_8080],
    ],
  },
  // nginx on 8545 proxying to 8080 (not a loop); html/sky missing (3: path) five times.
  '04-gexinyu2333-win-10061-login-port8545-index-not-found.log': {
    incidents: [
      ['upstream-refused', [1, 2], PAIR_8080],
      [
        'static-not-found',
        r(3, 7),
        {
          cause: ['the folder D:\\MyidealProjects\\campus-take-out\\nginx-1.20.2\\html\\sky does not exist', 'found no index.html'],
          fix: ['into D:\\MyidealProjects\\campus-take-out\\nginx-1.20.2\\html\\sky so that', 'html\\sky\\index.html exists'],
        },
      ],
      ['upstream-refused', [8, 9], PAIR_8080],
      ['upstream-refused', [10, 11], PAIR_8080],
      ['upstream-refused', [12, 13], PAIR_8080],
      ['upstream-refused', [14, 15], PAIR_8080],
    ],
  },
  '05-ytakeout-win-createdirectory-client-body-temp-then-10061.log': {
    incidents: [
      ['temp-dir-missing', r(1, 14), { ...TEMP('D:\\Study\\CQ_front\\cangqiong-takeout\\nginx-1.20.2\\temp'), cause: ['14 start attempts', ...TEMP('D:\\Study\\CQ_front\\cangqiong-takeout\\nginx-1.20.2\\temp').cause!] }],
      ['upstream-refused', [15, 16], PAIR_8080],
    ],
  },
  '06-johnnytaick-win-createdirectory-client-body-temp-and-10061.log': {
    incidents: [
      ['temp-dir-missing', r(1, 8), TEMP('D:\\Development\\sky_take_out\\sky-take-out-main\\nginx-1.20.2\\temp')],
      ['upstream-refused', [9, 10], PAIR_8080],
      ['upstream-refused', [11, 12], PAIR_8080],
      ['no-live-upstreams', [13, 14], NO_LIVE_8080],
    ],
  },
  '07-dungeonmaster02-win-createdirectory-client-body-temp.log': { incidents: [['temp-dir-missing', r(1, 9), TEMP('D:\\BaiduNetdiskDownload\\nginx-1.20.2\\temp')]] },
  '08-chinesecz-win-createdirectory-client-body-temp.log': { incidents: [['temp-dir-missing', r(1, 4), TEMP('G:\\JavaProject\\sky-take-out\\nginx-1.20.2\\temp')]] },
  // Three separate crashes (three masters), each exited C0000142 + could not respawn; a reset
  // WebSocket to the admin server.
  '11-nanmorx-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['no-live-upstreams', [1], NO_LIVE_8080],
      ['upstream-refused', [2], { verdict: 'not-running', cause: ['no live upstreams on line 1'], fix: ['Start the admin server on 8080'] }],
      ['respawn-failed', [3, 4], { ...C0000142, cause: ['Worker 23704', 'master 17480', 'nginx served requests again later (line 9)', ...C0000142.cause!] }],
      ['respawn-failed', [5, 6], C0000142],
      ['respawn-failed', [7, 8], C0000142],
      ['upstream-reset', [9], { cause: ['The WebSocket /ws/34319w54lrx', '127.0.0.1:8080', '10054'], fix: ['Nothing to do if you stopped or restarted the admin server around 2024/07/29 16:38:47'], harmless: true }],
    ],
  },
  // Five 413s on /api/common/upload; one GET timed out on 127.0.0.1, retried on [::1], timed out
  // again 60 s later (*305); /ws/ refused (the single-peer `webservers` upstream).
  '12-alisalv-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['body-too-large', [1, 2, 4, 6, 7], { cause: ['5 uploads to /api/common/upload', '1265981 bytes', 'client_max_body_size, 1m by default'], fix: ['"client_max_body_size 10m;"', 'nginx -s reload'] }],
      ['upstream-timeout', [3, 5], { cause: ['neither on 127.0.0.1:8080 nor when nginx retried it on [::1]:8080', ...READ_TIMEOUT.cause!], fix: READ_TIMEOUT.fix }],
      ['upstream-refused', [8], { verdict: 'not-running', cause: ['no live upstreams on line 9', 'GET /ws/3kwp12uvfya'], fix: ['Start the admin server on 8080 (every address failed in this run)'] }],
      ['no-live-upstreams', [9], NO_LIVE_8080],
      ['respawn-failed', [10, 11], { ...C0000142, cause: ['nginx served requests again later (line 12)', ...C0000142.cause!] }],
      ['upstream-reset', [12], { cause: ['The admin server ([::1]:8080) dropped the connection (10054'], fix: ['around 2025/02/08 11:20:26 for a restart or an exception'] }],
    ],
  },
  '13-chekilo-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['no-live-upstreams', [1, 2], { cause: ['Every address of the admin server had just failed', '2 requests'], fix: ['Start the admin server (the refused'] }],
      ['respawn-failed', [3, 4], C0000142],
      ['upstream-refused', [5], { verdict: 'undetermined', cause: ['the log ends before its retry on 127.0.0.1:8080'], fix: ['Start the admin server on 8080; if it is running', 'proxy_pass http://127.0.0.1:8080/admin/'] }],
    ],
  },
  '14-qiujw-win-worker-c0000142-could-not-respawn.log': {
    incidents: [
      ['static-not-found', [1, 2], { cause: ['"GET /1"', 'E:\\nginx-1.20.2\\html\\sky\\1'], fix: ['copy it into E:\\nginx-1.20.2\\html\\sky', 'correct the link'] }],
      ['respawn-failed', [3, 4], { ...C0000142, fix: ['"cd /d E:\\nginx-1.20.2" then "start nginx"', ...C0000142.fix!] }],
      ['upstream-refused', [5, 6], PAIR_8080],
    ],
  },
  // The worker 13832 that logged "host not found" is the one that exited with code 1, and its
  // master could not respawn it: one incident, led by its cause.
  '15-dexyan1-win-host-not-found-worker-exit-1-could-not-respawn.log': {
    incidents: [
      ['upstream-timeout', [1], { cause: ['POST /api/dish/status/0?id=61', ...READ_TIMEOUT.cause!], fix: READ_TIMEOUT.fix }],
      ['upstream-reset', [2], { cause: ['dropped the connection (10053'], fix: ['around 2023/04/21 15:44:17'] }],
      ['upstream-timeout', [3], READ_TIMEOUT],
      [
        'host-not-found',
        [4, 5, 6],
        {
          cause: ['could not resolve "localhost"', 'nginx.conf:69', 'exited with code 1', 'could not start another'],
          fix: ['C:\\Windows\\System32\\drivers\\etc\\hosts maps localhost', '"127.0.0.1 localhost"', 'proxy_pass http://127.0.0.1:8080/admin/'],
        },
      ],
      ['upstream-timeout', [7], READ_TIMEOUT],
    ],
  },
  // Docker on Linux: index.html missing; refused /ws/ and a request refused twice on 127.0.0.1;
  // the missing error page 50x.html after each 502; no live upstreams bursts; then the conf errors.
  '17-rson9-linux-docker-111-connection-refused.log': {
    incidents: [
      ['static-not-found', [1, 2], { cause: ['/etc/nginx/html/bk has no index.html'], fix: ['/etc/nginx/html/bk/index.html exists'] }],
      ['upstream-refused', [3], { verdict: 'not-running', cause: ['Docker container', '127.0.0.1 is the container itself'], fix: ['host.docker.internal:8080', 'extra_hosts: ["host.docker.internal:host-gateway"]'] }],
      ['static-not-found', [4, 7, 9, 11, 13, 15, 17], { cause: ['error_page /50x.html', '/etc/nginx/html/50x.html does not exist'], fix: ['Put 50x.html back into /etc/nginx/html'] }],
      ['upstream-refused', [5, 6], { verdict: 'not-running', cause: ['127.0.0.1:8080 refused on every try', 'Docker container'], fix: ['proxy to host.docker.internal:8080'] }],
      ['no-live-upstreams', [8, 10, 12, 14, 16], { cause: ['on 8080', 'Docker container'], fix: ['host.docker.internal:8080'] }],
      ['upstream-refused', [18, 19], { verdict: 'not-running', fix: ['host.docker.internal:8080'] }],
      ['no-live-upstreams', r(20, 23), { cause: ['Docker container'], fix: ['host.docker.internal:8080'] }],
      ['host-not-found', r(24, 34), { cause: ['"http://host.docker.internal:8080"', '/etc/nginx/nginx.conf:24', '11 times'], fix: ['"server host.docker.internal:8080;" at /etc/nginx/nginx.conf:24'] }],
      ['host-not-found', r(35, 38), { cause: ['names "webservers"', '/etc/nginx/nginx.conf:54'], fix: ['"upstream webservers { server 127.0.0.1:8080; }"'] }],
    ],
  },
  '20-nanouff-win-bind-80-10013.log': {
    incidents: [
      ['upstream-refused', [1], { verdict: 'listens-ipv4-only', cause: ['listens on IPv4 only', '[::1]:8080 was refused'], fix: ['proxy_pass http://127.0.0.1:8080/admin/;', 'remove server.address'] }],
      ['port-forbidden', r(2, 11), { ...PORT_80_FORBIDDEN, cause: ['10 start attempts', ...PORT_80_FORBIDDEN.cause!] }],
    ],
  },
  // The nginx.conf path has "小新" (GBK) in it: a non-ASCII path failure, not a missing conf.
  // The PUT (idempotent) was retried on 127.0.0.1 60 s after [::1] timed out: one incident.
  '21-1avan-win-413-404-timeout-createfile-conf.log': {
    incidents: [
      ['path-encoding', [1], { cause: ["C:\\Users\\ivan's小新\\Desktop\\nginx-1.20.2\\conf\\nginx.conf", 'non-ASCII'], fix: ['a path of plain ASCII letters'] }],
      ['upstream-closed', [2], { cause: ['([::1]:8080)', ...CLOSED_8080.cause!], fix: CLOSED_8080.fix }],
      ['upstream-timeout', [3], READ_TIMEOUT],
      ['upstream-timeout', [4], READ_TIMEOUT],
      ['upstream-timeout', [5, 6], { cause: ['PUT /api/employee', 'neither on [::1]:8080 nor when nginx retried it on 127.0.0.1:8080'], fix: READ_TIMEOUT.fix }],
      ['static-not-found', [7, 8, 9], { cause: ['"/null"', 'empty (null/undefined) value'], fix: ['fill in the missing image or link'], harmless: true }],
      ['body-too-large', [10], { cause: ['1879336 bytes', '/api/common/upload'], fix: ['client_max_body_size'] }],
    ],
  },
  // *64's two POST timeouts are two requests (a POST is not retried once sent).
  '22-63213885-win-10060-login-timeout-prematurely-closed.log': {
    incidents: [
      ['upstream-closed', [1], CLOSED_8080],
      ['upstream-timeout', [2], READ_TIMEOUT],
      ['upstream-timeout', [3], READ_TIMEOUT],
      ['upstream-timeout', [4], READ_TIMEOUT],
      ['upstream-timeout', [5], READ_TIMEOUT],
      ['static-not-found', [6, 7, 8], { cause: ['/.well-known/appspecific/com.chrome.devtools.json', 'Chrome DevTools'], fix: ['Nothing to do.'], harmless: true }],
    ],
  },
  '23-851543-win-bind-10013-access-denied.log': {
    incidents: [
      ['port-forbidden', [1], PORT_80_FORBIDDEN],
      ['upstream-timeout', [2], READ_TIMEOUT],
      [
        'access-denied',
        [3, 4, 5],
        { cause: ['E:\\idea\\project\\Java\\heima\\sky-take-out\\nginx-1.20.2\\logs\\access.log', '5: Access is denied', '3 start attempts'], fix: ['"taskkill /IM nginx.exe /F"', 'is not read-only'] },
      ],
      ['static-not-found', [6], { cause: ['/doc.html', 'served by the admin server'], fix: ['http://localhost:8080/doc.html'], harmless: true }],
      ['upstream-refused', [7], { verdict: 'undetermined', cause: ['[::1]:8080 for GET /api/workspace/overviewOrders', 'either not running or listens on IPv4 only'], fix: ['Start the admin server on 8080', 'listen on both [::1] and 127.0.0.1'] }],
    ],
  },
  // Under Wine: the signal process's notices are info; its OpenEvent failure is signal-failed.
  '24-jonathanzha47-wine-openevent-reload-413.log': {
    incidents: [
      ['static-not-found', [1], { cause: ['Z:\\Users\\jonathanzha\\desktop\\nginx-1.20.2\\html\\sky has no index.html'], fix: ['html\\sky\\index.html exists'] }],
      ['info', [2, 3], { ...INFO, cause: ['WSAIoctl', 'TransmitPackets', ...INFO.cause!] }],
      ['signal-failed', [4], SIGNAL(352, '"nginx -s reload"')],
      ['info', [5, 6], INFO],
      ['no-live-upstreams', [7], NO_LIVE_8080],
      ['upstream-timeout', [8], READ_TIMEOUT],
      ['body-too-large', [9, 10], { cause: ['2 uploads to /upload', '2097599 bytes'], fix: ['"client_max_body_size 10m;"'] }],
      ['upstream-timeout', [11], READ_TIMEOUT],
    ],
  },
  '25-chen01hue-win-1113-chinese-path-openevent-stop.log': {
    incidents: [
      ['path-encoding', [1], { cause: ['D:\\开源项目\\苍穹外卖', '1113', 'non-ASCII'], fix: ['plain ASCII', 'D:\\nginx-1.20.2'] }],
      ['upstream-refused', [2], { verdict: 'listens-ipv6-only' }],
      ['upstream-refused', [3], { verdict: 'listens-ipv6-only' }],
      ['upstream-refused', [4], { verdict: 'listens-ipv6-only', cause: ['Only 127.0.0.1:8080 was refused', 'listens on IPv6 only'], fix: ['listen on IPv4 too', 'proxy_pass http://[::1]:8080/admin/'] }],
      ['info', [5], INFO],
      ['signal-failed', [6, 8], SIGNAL(1356, '"nginx -s stop"')],
      ['info', [7], INFO],
    ],
  },
  // The instructor's three lines shipped with the course: path-encoding, but not a problem here.
  '26-course-shipped-error-log-1113-chinese-path.log': {
    incidents: [['path-encoding', [1, 2, 3], { cause: ['came with the course', '苍穹外卖项目'], fix: ['Nothing to do', 'empty logs\\error.log'], harmless: true }]],
  },
  // nginx moved to 8080 after 10013 on 80 and proxies /api/ to localhost:8080, i.e. to itself.
  '27-bohe5-win-bind-10013-proxy-to-self-404-admin-employee-login-c0000142.log': {
    incidents: [
      ['port-forbidden', [1, 2, 3, 4], { ...PORT_80_FORBIDDEN, cause: ['4 start attempts', ...PORT_80_FORBIDDEN.cause!] }],
      [
        'proxy-loop',
        [5, 6, 7, 8],
        {
          cause: ['proxying to itself', 'listens on port 8080', 'POST /admin/employee/login HTTP/1.0', 'D:\\cjwm\\nginx-1.20.2\\html\\sky\\admin\\employee\\login'],
          fix: ['Leave 8080 to the admin server', 'change nginx\'s "listen 8080"', '8081', 'keep proxy_pass http://localhost:8080/admin/'],
        },
      ],
      ['respawn-failed', [9, 10], { ...C0000142, fix: ['"cd /d D:\\cjwm\\nginx-1.20.2" then "start nginx"', ...C0000142.fix!] }],
    ],
  },
  '28-gyqq-win-1113-bind-80-4555-openevent-self-404.log': {
    incidents: [
      ['path-encoding', [1], { cause: ['F:\\Anime_weikan\\', '1113'], fix: ['plain ASCII'] }],
      ['path-encoding', [2], { cause: ['G:\\ChangQiong_WaiMai\\', '1113'], fix: ['plain ASCII'] }],
      ['port-forbidden', [3], PORT_80_FORBIDDEN],
      ['upstream-refused', [4, 5], PAIR_8080],
      ['port-forbidden', [6], { cause: ['0.0.0.0:4555'], fix: ['"netstat -ano | findstr :4555"', 'winnat'] }],
      ['info', [7], INFO],
      ['signal-failed', [8, 10, 12, 14], SIGNAL(19580, '"nginx -s reload", "nginx -s reopen", "nginx -s stop"')],
      ['info', [9], INFO],
      ['info', [11], INFO],
      ['info', [13], INFO],
      ['proxy-loop', [15, 16, 17, 18], { cause: ['listens on port 4555', '[::1]:4555 was refused', '3 proxied requests'], fix: ['http://localhost:8080/admin/', "nginx's own port 4555"] }],
    ],
  },
};

function lineCount(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const named = process.env.HARNESS_LOG_CORPUS;
const CORPUS = named ? path.resolve(named) : '';
const present = named !== undefined && existsSync(CORPUS) && statSync(CORPUS).isDirectory();
const files = present ? readdirSync(CORPUS).filter((f) => f.endsWith('.log')).sort() : [];

if (named !== undefined) {
  test('HARNESS_LOG_CORPUS names a folder of the real logs, and the table covers every one of them', () => {
    expect(present, `HARNESS_LOG_CORPUS=${named}: no such folder (${CORPUS})`).toBe(true);
    expect(files.length).toBeGreaterThanOrEqual(23);
    expect(files).toEqual(Object.keys(TABLE).sort());
  });
}

if (named !== undefined) test('the table states key facts of the cause and of the fix for every condition of every file', () => {
  for (const [file, want] of Object.entries(TABLE)) {
    const conditions = new Set(want.incidents.map(([c]) => c));
    for (const c of conditions) {
      const stated = want.incidents.filter(([x, , f]) => x === c && f?.cause?.length && f.fix?.length);
      expect.soft(stated.length, `${file}: no key facts for ${c}`).toBeGreaterThan(0);
    }
    for (const [c, lines, f] of want.incidents) if (c === 'upstream-refused') expect(f?.verdict, `${file}: the verdict of ${lines}`).toBeDefined();
  }
});

/** Where a fact is missing from a text, in words. */
function missing(text: string, facts: Fact[] = []): Fact[] {
  return facts.filter((f) => (typeof f === 'string' ? !text.includes(f) : !f.test(text)));
}

for (const file of files) {
  test(`${file}: every line in an incident with the right condition, or unrecognised; causes and fixes name the key facts`, () => {
    const bytes = readFileSync(path.join(CORPUS, file));
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
    const groups = (list: [string, number[], unknown?][]) => list.map(([c, lines]) => `${c} ${lines.join(',')}`).sort();
    expect(groups(d.incidents.map((i) => [i.condition, i.lines]))).toEqual(groups(want.incidents));
    expect(d.unrecognised).toEqual(want.unrecognised ?? []);

    // Per incident: the key facts of its cause and fix, its verdict, whether it needs action.
    for (const [condition, lines, facts] of want.incidents) {
      const i = d.incidents.find((x) => x.condition === condition && x.lines.join() === lines.join()) as Incident;
      const at = `${file} ${condition} ${lines}`;
      expect.soft(missing(i.cause, facts?.cause), `${at}: the cause "${i.cause}" lacks`).toEqual([]);
      expect.soft(missing(i.fix, facts?.fix), `${at}: the fix "${i.fix}" lacks`).toEqual([]);
      if (facts?.verdict) expect.soft(i.detail?.verdict, `${at}: verdict`).toBe(facts.verdict);
      expect.soft(isProblem(i), `${at}: needs action`).toBe(!facts?.harmless);
    }
  });
}

/** The incident that holds `line` of `file`. */
function incidentAt(file: string, line: number) {
  const d = diagnose(readFileSync(path.join(CORPUS, file)));
  const i = d.incidents.find((x) => x.lines.includes(line));
  if (!i) throw new Error(`${file}: no incident holds line ${line}`);
  return i;
}

if (present) test('C0000142 + could not respawn: the Windows session or desktop, not the folder or nginx.exe', () => {
  for (const [file, line] of [
    ['11-nanmorx-win-worker-c0000142-could-not-respawn.log', 3],
    ['12-alisalv-win-worker-c0000142-could-not-respawn.log', 10],
    ['13-chekilo-win-worker-c0000142-could-not-respawn.log', 3],
    ['14-qiujw-win-worker-c0000142-could-not-respawn.log', 3],
    ['27-bohe5-win-bind-10013-proxy-to-self-404-admin-employee-login-c0000142.log', 9],
  ] as const) {
    const i = incidentAt(file, line);
    // Their paths are plain ASCII: neither a non-ASCII folder nor a blocked nginx.exe is the cause.
    expect(i.cause + i.fix, file).not.toMatch(/non-ASCII|blocked|antivirus|Unblock/);
  }
  // 27 has no request after the crash: nothing says nginx served again.
  expect(incidentAt('27-bohe5-win-bind-10013-proxy-to-self-404-admin-employee-login-c0000142.log', 9).cause).not.toContain('served requests again');
});

if (present) test("the course's shipped 1113 lines are path-encoding but no problem; a user's own are", () => {
  const shipped = incidentAt('26-course-shipped-error-log-1113-chinese-path.log', 1);
  expect(shipped.detail?.shipped).toBe(true);
  const own = incidentAt('25-chen01hue-win-1113-chinese-path-openevent-stop.log', 1);
  expect(own.detail?.shipped).toBeUndefined();
  expect(isProblem(own)).toBe(true);
});
