// The doctor's behaviour around the fixtures: line ends and code pages, cut lines, the JSON shape,
// the text report's order and counts, the command's exit codes and messages, --follow on a live
// file, the access log's evidence, and the lines the harness's own nginx emulation writes.
import { test, expect } from '@playwright/test';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  analyse,
  diagnose,
  diagnoseFile,
  doctorCommand,
  follow,
  renderJson,
  renderText,
  renderIncident,
  splitLines,
  DoctorInputError,
  type Incident,
} from '../../harness/doctor/index.js';
import { formatErrorLine, formatStderrLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';
import { osProfile } from '../../harness/os-profile.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'nginx-logs');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, readdirSync(FIXTURES).find((f) => f.startsWith(name))!));

const toLf = (b: Buffer) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
const toCrlf = (b: Buffer) => Buffer.from(toLf(b).toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
const summary = (is: Incident[]) => is.map((i) => `${i.condition} ${i.lines.join(',')}`);

function sink(): { stream: NodeJS.WritableStream; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { stream, text: () => out };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'doctor-'));
}

test('CRLF and LF give the same diagnosis, for every fixture', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.log'));
  let crlfFiles = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(FIXTURES, f));
    if (bytes.includes('\r\n')) crlfFiles++;
    const lf = diagnose(toLf(bytes));
    expect(lf.incidents.length, f).toBeGreaterThan(0);
    expect(diagnose(toCrlf(bytes)), f).toEqual(lf);
  }
  expect(crlfFiles, 'some fixtures are CRLF as Windows nginx writes them').toBeGreaterThan(0);
  // And the CRLF never leaks into what is quoted.
  expect(splitLines(fixture('03')).every((l) => !l.text.includes('\r'))).toBe(true);
});

test('GBK path bytes decode to Chinese; the same text in UTF-8 gives the same diagnosis', () => {
  const gbk = fixture('26');
  expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk), 'the fixture really is not UTF-8').toThrow();
  const lines = splitLines(gbk);
  expect(lines[0].text).toContain('E:\\2022新版课程\\苍穹外卖项目\\授课资料');
  const d = diagnose(gbk);
  expect(d.incidents[0].detail?.folder ?? d.incidents[0].cause).toContain('苍穹外卖项目');
  const utf8 = Buffer.from(new TextDecoder('gbk').decode(gbk), 'utf8');
  expect(diagnose(utf8)).toEqual(d);
  // Line by line: one GBK line and one UTF-8 line in the same file both decode.
  const mixed = Buffer.concat([gbk.subarray(0, gbk.indexOf(10) + 1), Buffer.from('2024/01/01 00:00:00 [emerg] 1#2: CreateFile() "D:\\苍穹\\nginx/conf/nginx.conf" failed (1113: No mapping)\n', 'utf8')]);
  const m = splitLines(mixed);
  expect(m[0].text).toContain('苍穹外卖项目');
  expect(m[1].text).toContain('D:\\苍穹\\nginx');
  // A copy saved by PowerShell (UTF-16LE with BOM) or by an editor (UTF-8 BOM) reads the same.
  const text = new TextDecoder('gbk').decode(gbk);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/\n/g, '\r\n'), 'utf16le')]);
  expect(diagnose(utf16)).toEqual(d);
  expect(diagnose(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual(d);
});

test('a cut-off line still counts as what it shows; a line cut in its head is unrecognised', () => {
  const bytes = fixture('02');
  const text = bytes.toString('latin1');
  const lines = text.split('\n');
  // Line 2 cut inside its upstream value: still the second try of line 1's request.
  const cut2 = lines[0] + '\n' + lines[1].slice(0, lines[1].indexOf('127.0.0.1:80') + 8);
  const d2 = diagnose(Buffer.from(cut2, 'latin1'));
  expect(summary(d2.incidents)).toEqual(['upstream-refused 1,2']);
  expect(d2.incidents[0].detail?.verdict).toBe('not-running');
  // Line 3 cut inside the errno text: still an upstream timeout.
  const cut3 = lines.slice(0, 2).join('\n') + '\n' + lines[2].slice(0, lines[2].indexOf('did not properly'));
  expect(summary(diagnose(Buffer.from(cut3, 'latin1')).incidents)).toEqual(['upstream-refused 1,2', 'upstream-timeout 3']);
  // Line 3 cut after 15 bytes: not an error-log line any more.
  const cutHead = lines.slice(0, 2).join('\n') + '\n' + lines[2].slice(0, 15);
  const dh = diagnose(Buffer.from(cutHead, 'latin1'));
  expect(dh.unrecognised).toEqual([3]);
  expect(summary(dh.incidents)).toEqual(['upstream-refused 1,2']);
});

test('lines that are not nginx error-log lines are listed as unrecognised, with their numbers', () => {
  const log = [
    'Hi, here is my log:',
    fixture('07').toString('latin1').split('\n')[0],
    '',
    '127.0.0.1 - - [17/Jul/2024:19:15:13 +0800] "POST /api/employee/login HTTP/1.1" 502 494 "-" "-"',
    '2024/07/17 17:45:24 [emerg] 11484#10380: unknown directive "proxy_pas" in G:\\nginx-1.20.2/conf/nginx.conf:48',
  ].join('\n');
  const d = diagnose(Buffer.from(log, 'latin1'));
  expect(d.unrecognised).toEqual([1, 4]);
  expect(summary(d.incidents)).toEqual(['temp-dir-missing 2', 'unknown 5']);
  expect(d.incidents[1].cause).toContain('unknown directive "proxy_pas"');
  expect(d.incidents[1].fix).toContain('line 48 of G:\\nginx-1.20.2/conf/nginx.conf');
});

test('--json is exactly {"incidents":[{condition, lines, cause, fix}], "unrecognised": [...]}', () => {
  const d = diagnose(Buffer.concat([fixture('02'), Buffer.from('not a log line\n')]));
  const json = JSON.parse(renderJson(d));
  expect(Object.keys(json)).toEqual(['incidents', 'unrecognised']);
  expect(json.unrecognised).toEqual([4]);
  expect(json.incidents).toHaveLength(2);
  for (const i of json.incidents) {
    expect(Object.keys(i).slice(0, 4)).toEqual(['condition', 'lines', 'cause', 'fix']);
    expect(Object.keys(i).filter((k) => !['condition', 'lines', 'cause', 'fix', 'detail'].includes(k))).toEqual([]);
    expect(typeof i.condition).toBe('string');
    expect(i.lines.every((n: unknown) => Number.isInteger(n))).toBe(true);
    expect(typeof i.cause).toBe('string');
    expect(typeof i.fix).toBe('string');
  }
  expect(json.incidents.map((i: Incident) => [i.condition, i.lines])).toEqual([
    ['upstream-refused', [1, 2]],
    ['upstream-timeout', [3]],
  ]);
  // An empty log.
  expect(renderJson(diagnose(Buffer.alloc(0)))).toBe('{"incidents":[],"unrecognised":[]}');
});

test('the text report: a summary with counts, conditions and incidents newest first, evidence quoted with line numbers', () => {
  const bytes = fixture('01');
  const a = analyse(bytes, { keepText: true });
  const d = a.diagnosis();
  const lines = splitLines(bytes).map((l) => l.text);
  const text = renderText(d, a, { name: 'error.log' });
  const [first] = text.split('\n');
  expect(first).toBe('error.log: 11 lines, 6 incidents (6 to act on): no-live-upstreams ×1, upstream-refused ×4, upstream-closed ×1.');
  // Conditions by their newest line: no live upstreams (11), refused (8), closed (5).
  const at = (s: string) => text.indexOf(s);
  expect(at('no-live-upstreams: 1 incident, 3 lines')).toBeGreaterThan(0);
  expect(at('no-live-upstreams: 1 incident, 3 lines')).toBeLessThan(at('upstream-refused: 4 incidents, 7 lines'));
  expect(at('upstream-refused: 4 incidents, 7 lines')).toBeLessThan(at('upstream-closed: 1 incident, 1 line'));
  // Within a condition, newest first: 7-8, 6, 3-4, 1-2.
  const order = ['● lines 7-8', '● line 6', '● lines 3-4', '● lines 1-2'].map(at);
  expect(order.every((p) => p > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // Evidence quoted with its line number, then the cause and the fix.
  expect(text).toContain(`    6 | ${lines[5]}`);
  expect(text).toMatch(/\n {2}cause: Nothing accepts connections on port 8080/);
  expect(text).toMatch(/\n {2}fix: {3}Start the admin server on 8080/);
  // Long incidents quote the first two and the last line and count the rest.
  const long05 = analyse(fixture('05'), { keepText: true });
  const long = renderText(long05.diagnosis(), long05);
  expect(long).toContain('... 11 more lines (3-13)');
  expect(long).toContain('   14 | 2025/02/03 19:21:59 [emerg]');
  // Colour only when asked.
  expect(text).not.toContain('\x1b[');
  expect(renderText(d, a, { color: true })).toContain('\x1b[');
});

test('the command: exit 2 with a clear message for a missing file, a folder, a missing access log', async () => {
  const dir = tempDir();
  try {
    const missing = sink();
    const err = sink();
    expect(await doctorCommand({ errorLog: path.join(dir, 'nope.log') }, missing.stream, err.stream)).toBe(2);
    expect(missing.text()).toBe('');
    expect(err.text()).toMatch(/^harness doctor: cannot read the error log .*nope\.log: there is no such file\. Name nginx's error log: logs\\error\.log in the nginx folder/);

    mkdirSync(path.join(dir, 'logs'));
    writeFileSync(path.join(dir, 'logs', 'error.log'), '');
    const err2 = sink();
    expect(await doctorCommand({ errorLog: dir }, sink().stream, err2.stream)).toBe(2);
    expect(err2.text()).toContain(`is a folder, not a log file. Name the log file itself, e.g. ${path.join(dir, 'logs', 'error.log')}`);

    const err3 = sink();
    expect(await doctorCommand({ errorLog: path.join(dir, 'logs', 'error.log'), access: path.join(dir, 'access.log') }, sink().stream, err3.stream)).toBe(2);
    expect(err3.text()).toContain('cannot read the access log');

    await expect(diagnoseFile(path.join(dir, 'nope.log'))).rejects.toBeInstanceOf(DoctorInputError);
    await expect(diagnoseFile(dir)).rejects.toThrow(/is a folder/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the command: an empty log → no incidents, exit 0; notices only → exit 0; problems → exit 1', async () => {
  const dir = tempDir();
  try {
    const empty = path.join(dir, 'empty.log');
    writeFileSync(empty, '');
    expect(await diagnoseFile(empty)).toEqual({ incidents: [], unrecognised: [] });
    const out = sink();
    expect(await doctorCommand({ errorLog: empty }, out.stream, sink().stream)).toBe(0);
    expect(out.text()).toContain('empty.log: empty');
    const outJson = sink();
    expect(await doctorCommand({ errorLog: empty, json: true }, outJson.stream, sink().stream)).toBe(0);
    expect(outJson.text()).toBe('{"incidents":[],"unrecognised":[]}\n');

    const notices = path.join(dir, 'notices.log');
    writeFileSync(notices, '2024/05/30 18:38:03 [notice] 400#404: signal process started\r\n');
    expect(await doctorCommand({ errorLog: notices }, sink().stream, sink().stream)).toBe(0);
    const shipped = path.join(dir, 'shipped.log');
    writeFileSync(shipped, fixture('26'));
    expect(await doctorCommand({ errorLog: shipped }, sink().stream, sink().stream), "the course's own lines are nothing to fix").toBe(0);

    const real = path.join(dir, 'error.log');
    writeFileSync(real, fixture('05'));
    const json = sink();
    expect(await doctorCommand({ errorLog: real, json: true }, json.stream, sink().stream)).toBe(1);
    expect(JSON.parse(json.text()).incidents.map((i: Incident) => i.condition)).toEqual(['temp-dir-missing', 'upstream-refused']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('follow: appended lines become incidents as they complete; truncation and rotation start over; abort stops it', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, fixture('07').subarray(0, fixture('07').indexOf(10) + 1)); // one old line, not reported again
  const got: { incident: Incident; text: string }[] = [];
  const ac = new AbortController();
  const done = follow(file, { incident: (incident, text) => got.push({ incident, text: renderIncident(incident, text) }) }, { signal: ac.signal, pollMs: 20, settleMs: 200 });
  try {
    const pair = fixture('03').toString('latin1').split('\n').slice(0, 2);
    // The first try, then its pair written in two pieces (the second cut mid-line): one incident,
    // so the first line waited for the second.
    appendFileSync(file, pair[0] + '\n' + pair[1].slice(0, 100));
    await new Promise((r) => setTimeout(r, 60)); // a poll or two reads the cut line
    appendFileSync(file, pair[1].slice(100) + '\n');
    await expect.poll(() => got.map((g) => `${g.incident.condition} ${g.incident.lines}`), { timeout: 5000 }).toEqual(['upstream-refused 2,3']);
    expect(got[0].text).toContain('upstream-refused');
    expect(got[0].text).toContain('    2 | 2024/11/13 12:58:09');

    // A start-up failure repeated: one incident once the lines stop coming.
    const temp = fixture('08').toString('latin1').split('\n').slice(0, 3).join('\n') + '\n';
    appendFileSync(file, temp);
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(2);
    expect(`${got[1].incident.condition} ${got[1].incident.lines}`).toBe('temp-dir-missing 4,5,6');

    // Truncated in place: numbering starts over.
    truncateSync(file, 0);
    await new Promise((r) => setTimeout(r, 60)); // let one poll see the shorter file
    appendFileSync(file, '2024/05/30 18:38:03 [error] 400#404: OpenEvent("Global\\ngx_reload_352") failed (2: File not found)\r\n');
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(3);
    expect(`${got[2].incident.condition} ${got[2].incident.lines}`).toBe('signal-failed 1');

    // Rotated: the old file moves away, a new one takes its path.
    renameSync(file, file + '.1');
    writeFileSync(file, 'junk\n2025/03/28 13:52:36 [emerg] 15104#2848: bind() to 0.0.0.0:80 failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)\r\n');
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(4);
    expect(`${got[3].incident.condition} ${got[3].incident.lines}`).toBe('port-forbidden 2');
  } finally {
    ac.abort();
  }
  // Abort ends the loop: the promise settles.
  await expect(done).resolves.toBeUndefined();
  const count = got.length;
  appendFileSync(file, pairLine());
  await new Promise((r) => setTimeout(r, 100));
  expect(got.length, 'nothing is reported after abort').toBe(count);
  rmSync(dir, { recursive: true, force: true });
});

function pairLine(): string {
  return fixture('01').toString('latin1').split('\n')[0] + '\n';
}

test('follow: a missing file or a folder is a clear error', async () => {
  const dir = tempDir();
  try {
    await expect(follow(path.join(dir, 'nope.log'), { incident: () => undefined })).rejects.toThrow(/no such file/);
    await expect(follow(dir, { incident: () => undefined })).rejects.toThrow(/is a folder/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the access log confirms what the browser saw', () => {
  const refusedV6 = fixture('20').toString('latin1').split('\r\n')[0] + '\n';
  // The log ends after the [::1] refusal: undetermined from the error log alone...
  const alone = diagnose(Buffer.from(refusedV6, 'latin1'));
  expect(alone.incidents[0].detail?.verdict).toBe('undetermined');
  // ...the access log says the login answered 200: 127.0.0.1 worked, the server is IPv4 only.
  const ok = Buffer.from('127.0.0.1 - - [27/Mar/2025:15:26:00 +0800] "POST /api/employee/login HTTP/1.1" 200 345 "http://localhost/" "Mozilla/5.0"\n');
  const v4 = diagnose(Buffer.from(refusedV6, 'latin1'), { accessLogBytes: ok });
  expect(v4.incidents[0].detail).toMatchObject({ verdict: 'listens-ipv4-only', browserSaw: [200] });
  // ...or that it got 502: nothing answered.
  const bad = Buffer.from(ok.toString().replace('" 200 345', '" 502 494'));
  expect(diagnose(Buffer.from(refusedV6, 'latin1'), { accessLogBytes: bad }).incidents[0].detail).toMatchObject({ verdict: 'not-running', browserSaw: [502] });
  // The summary counts statuses, 502s per path and nginx's requests to itself.
  const access = Buffer.from(
    [
      '127.0.0.1 - - [10/Aug/2025:15:15:49 +0800] "POST /admin/employee/login HTTP/1.0" 404 555 "http://localhost:8080/" "Mozilla/5.0"',
      '127.0.0.1 - - [10/Aug/2025:15:15:49 +0800] "POST /api/employee/login HTTP/1.1" 404 555 "http://localhost:8080/" "Mozilla/5.0"',
      '127.0.0.1 - - [10/Aug/2025:15:16:00 +0800] "GET /api/shop/status HTTP/1.1" 502 494 "-" "Mozilla/5.0"',
      'garbage',
    ].join('\r\n') + '\r\n',
  );
  const a27 = analyse(fixture('27'), { accessLogBytes: access, keepText: true });
  const d = a27.diagnosis();
  expect(d.access).toEqual({ requests: 3, unrecognised: 1, byStatus: { 404: 2, 502: 1 }, gatewayErrorsByPath: { '/api/shop/status': 1 }, selfProxied: 1 });
  const text = renderText(d, a27);
  expect(text).toContain('access log: 3 requests (404 ×2, 502 ×1)');
  expect(text).toContain('1 request for /admin/... over HTTP/1.0 reached nginx itself');
  // The JSON stays exactly the two keys.
  expect(Object.keys(JSON.parse(renderJson(d)))).toEqual(['incidents', 'unrecognised']);
});

/** Lines as the harness's own nginx emulation writes them (harness/logs writer, OS profile wording). */
function emulated(os: 'linux' | 'windows', entries: (Omit<ErrorLogEntry, 'time' | 'pid' | 'tid'> & { at?: number; pid?: number })[]): Buffer {
  const p = osProfile(os);
  const base = Date.UTC(2026, 10, 22, 7, 9, 23);
  const lines = entries.map((e) => {
    const pid = e.pid ?? 4242;
    const d = new Date(base + (e.at ?? 0) * 1000);
    const time = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')} ${d.toISOString().slice(11, 19)}`;
    const { at: _at, pid: _pid, ...entry } = e;
    void _at;
    void _pid;
    return formatErrorLine({ ...entry, time, pid, tid: p.tid(pid) } as ErrorLogEntry & { time: string; pid: number; tid: number });
  });
  return Buffer.from(lines.join(p.lineEnd) + p.lineEnd, 'latin1');
}

test("the harness's own nginx lines are diagnosed as their scenario's condition", () => {
  for (const os of ['linux', 'windows'] as const) {
    const p = osProfile(os);
    const ctx = { client: '127.0.0.1', server: 'localhost', request: 'POST /api/employee/login HTTP/1.1', host: 'localhost', action: 'connecting to upstream' };
    const refused = { message: 'connect() failed', errno: p.errno('ECONNREFUSED'), level: 'error' as const, conn: 1, ...ctx };
    const delay = os === 'windows' ? 2 : 0;
    // admin down: the pair, then no live upstreams.
    const down = diagnose(
      emulated(os, [
        { ...refused, upstream: 'http://[::1]:8080/admin/employee/login' },
        { ...refused, upstream: 'http://127.0.0.1:8080/admin/employee/login', at: delay },
        { level: 'error', conn: 4, message: 'no live upstreams', ...ctx, upstream: 'http://localhost/admin/employee/login', at: delay + 1 },
      ]),
    );
    expect(summary(down.incidents), os).toEqual(['upstream-refused 1,2', 'no-live-upstreams 3']);
    expect(down.incidents[0].detail?.verdict).toBe('not-running');
    // admin IPv4 only: one [::1] refusal per probe, requests answered in between.
    const v4 = diagnose(
      emulated(os, [
        { ...refused, upstream: 'http://[::1]:8080/admin/employee/login' },
        { ...refused, conn: 12, upstream: 'http://[::1]:8080/admin/employee/login', at: 13 },
      ]),
    );
    expect(summary(v4.incidents), os).toEqual(['upstream-refused 1', 'upstream-refused 2']);
    expect(v4.incidents[0].detail?.verdict).toBe('listens-ipv4-only');
    // the temp folder's parent missing, written to the log and to stderr.
    const tempLine = { level: 'emerg' as const, message: `${p.createDirFn} "${p.displayPath('/srv/p', '/srv/p/temp/client_body_temp')}" failed`, errno: p.errno('ENOENT_PATH') };
    const temp = diagnose(Buffer.concat([emulated(os, [tempLine]), Buffer.from(formatStderrLine(tempLine) + '\n')]));
    expect(summary(temp.incidents), os).toEqual(['temp-dir-missing 1,2']);
    // the port busy: five tries, the notices between them, then "still could not bind()".
    const busy = emulated(os, [
      ...Array.from({ length: 5 }, () => [
        { level: 'emerg' as const, message: 'bind() to 127.0.0.1:80 failed', errno: p.errno('EADDRINUSE') },
        { level: 'notice' as const, message: 'try again to bind() after 500ms' },
      ]).flat(),
      { level: 'emerg' as const, message: 'still could not bind()' },
    ]);
    const b = diagnose(busy);
    expect(summary(b.incidents.filter((i) => i.condition !== 'info')), os).toEqual(['bind-failed 1,3,5,7,9,11']);
    expect(b.incidents.find((i) => i.condition === 'bind-failed')!.fix).toContain(os === 'windows' ? 'netstat -ano | findstr :80' : "ss -ltnp 'sport = :80'");
    // a reserved port.
    expect(summary(diagnose(emulated(os, [{ level: 'emerg', message: 'bind() to 0.0.0.0:80 failed', errno: p.errno('EACCES_BIND') }])).incidents)).toEqual(['port-forbidden 1']);
  }
  // Worker crashes: Linux signal + fork failure; Windows C0000142 at the respawn.
  const linuxCrash = diagnose(
    emulated('linux', [
      { level: 'alert', message: 'worker process 4300 exited on signal 11' },
      { level: 'alert', message: 'fork() failed while spawning "worker process"', errno: osProfile('linux').errno('EAGAIN') },
      { level: 'alert', message: 'could not respawn worker process' },
    ]),
  );
  expect(summary(linuxCrash.incidents)).toEqual(['respawn-failed 1,2,3']);
  const windowsCrash = diagnose(
    emulated('windows', [
      { level: 'notice', message: 'worker process 4300 exited with code C0000005' },
      { level: 'notice', message: 'start worker process 4400' },
      { level: 'alert', message: 'worker process 4400 exited with code C0000142', at: 1 },
      { level: 'alert', message: 'could not respawn worker', at: 1 },
    ]),
  );
  expect(summary(windowsCrash.incidents)).toEqual(['worker-crashed 1', 'info 2', 'respawn-failed 3,4']);
  expect(summary(diagnose(emulated('linux', [{ level: 'alert', message: 'worker process 4300 exited on signal 9' }])).incidents)).toEqual(['worker-crashed 1']);
});
