// The doctor's behaviour around the fixtures: line ends and code pages, cut lines, the JSON shape,
// the text report (merged explanations, problems first, what needs no action folded, control
// characters escaped), the command's exit codes and messages for input that is no nginx error log,
// the access log's evidence, temp-file and crash explanations, and the lines the harness's own
// nginx emulation writes. --follow: follow.spec.ts; size and signals: scale.spec.ts.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyse, diagnose, diagnoseFile, examineLogs, isProblem, renderJson, renderText, splitLines, DoctorInputError, type Incident } from './index.js';
import { formatStderrLine, parseErrorLine } from '../logs/error-log.js';
import { LogIndex } from './log-index.js';
import { osProfile } from '../os-profile.js';
import { emulated, fixture, fixtureLine, FIXTURES, sink, summary, tempDir } from '../../tests/support/doctor.js';

const toLf = (b: Buffer) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
const toCrlf = (b: Buffer) => Buffer.from(toLf(b).toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
const report = (bytes: Buffer, name = 'error.log') => {
  const a = analyse(bytes, { keepText: true });
  return renderText(a.diagnosis(), a, { name });
};

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
  expect(d.incidents[0].cause).toContain('苍穹外卖项目');
  const utf8 = Buffer.from(new TextDecoder('gbk').decode(gbk), 'utf8');
  expect(diagnose(utf8)).toEqual(d);
  // Line by line: one GBK line and one UTF-8 line in the same file both decode.
  const mixed = Buffer.concat([gbk.subarray(0, gbk.indexOf(10) + 1), Buffer.from('2024/01/01 00:00:00 [emerg] 1#2: CreateFile() "D:\\苍穹\\nginx/conf/nginx.conf" failed (1113: No mapping)\n', 'utf8')]);
  const m = splitLines(mixed);
  expect(m[0].text).toContain('苍穹外卖项目');
  expect(m[1].text).toContain('D:\\苍穹\\nginx');
  // A copy saved by PowerShell (UTF-16LE with BOM) or by an editor (UTF-8 BOM) reads the same,
  // also when the bytes come a few at a time (a BOM split across reads).
  const text = new TextDecoder('gbk').decode(gbk);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/\n/g, '\r\n'), 'utf16le')]);
  expect(diagnose(utf16)).toEqual(d);
  expect(diagnose(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual(d);
});

test('a cut-off line still counts as what it shows; a line cut in its head is unrecognised', () => {
  const lines = [1, 2, 3].map((n) => fixtureLine('02', n));
  // Line 2 cut inside its upstream address: still the second try of line 1's request, both refused.
  const cut2 = lines[0] + '\n' + lines[1].slice(0, lines[1].indexOf('127.0.0.1:80') + 8);
  const d2 = diagnose(Buffer.from(cut2, 'latin1'));
  expect(summary(d2.incidents)).toEqual(['upstream-refused 1,2']);
  expect(d2.incidents[0].detail?.verdict).toBe('not-running');
  // Cut inside the port: "127.0.0.1:80" of 127.0.0.1:8080 names no port 80.
  const cutPort = lines[0] + '\n' + lines[1].slice(0, lines[1].indexOf('127.0.0.1:80') + 12);
  const dp = diagnose(Buffer.from(cutPort, 'latin1'));
  expect(dp.incidents[0].cause).toContain('port 8080');
  expect(dp.incidents[0].cause).not.toMatch(/:80\b|port 80\b/);
  // Line 3 cut inside the errno text: still an upstream timeout.
  const cut3 = lines.slice(0, 2).join('\n') + '\n' + lines[2].slice(0, lines[2].indexOf('did not properly'));
  expect(summary(diagnose(Buffer.from(cut3, 'latin1')).incidents)).toEqual(['upstream-refused 1,2', 'upstream-timeout 3']);
  // Line 3 cut after 15 bytes: not an error-log line any more.
  const dh = diagnose(Buffer.from(lines.slice(0, 2).join('\n') + '\n' + lines[2].slice(0, 15), 'latin1'));
  expect(dh.unrecognised).toEqual([3]);
  expect(summary(dh.incidents)).toEqual(['upstream-refused 1,2']);
});

test('a refused line cut anywhere after its errno code is a refused try: " whi", "while connec", ", client: "', () => {
  const line = fixtureLine('01', 1);
  const errnoCode = line.indexOf('(10061:') + '(10061:'.length;
  const whileAt = line.indexOf(' while connecting to upstream');
  expect(whileAt).toBeGreaterThan(errnoCode);
  for (let n = errnoCode; n <= line.length; n++) {
    const d = diagnose(Buffer.from(line.slice(0, n), 'latin1'));
    expect(summary(d.incidents), `cut at ${n}: ${line.slice(Math.max(0, n - 20), n)}`).toEqual(['upstream-refused 1']);
    // Until the address is whole, nothing says which peer was refused: the verdict waits.
    expect(d.incidents[0].detail?.verdict, `cut at ${n}`).toBe('undetermined');
  }
  // The cut inside " while connecting to upstream" the audit found (01:1 at 144-172 characters).
  for (let n = whileAt; n <= whileAt + ' while connecting to upstream'.length; n++) {
    expect(diagnose(Buffer.from(line.slice(0, n), 'latin1')).incidents[0]?.condition, `cut at ${n}`).toBe('upstream-refused');
  }
});

test('lines that are not nginx error-log lines are listed as unrecognised, with their numbers', () => {
  const log = [
    'Hi, here is my log:',
    fixtureLine('07', 1),
    '',
    '127.0.0.1 - - [17/Jul/2024:19:15:13 +0800] "POST /api/employee/login HTTP/1.1" 502 494 "-" "-"',
    '2024/07/17 17:45:24 [emerg] 11484#10380: invalid URL prefix in "localhost:8080/admin/" in G:\\nginx-1.20.2/conf/nginx.conf:48',
  ].join('\n');
  const d = diagnose(Buffer.from(log, 'latin1'));
  expect(d.unrecognised).toEqual([1, 4]);
  expect(summary(d.incidents)).toEqual(['temp-dir-missing 2', 'unknown 5']);
  expect(d.incidents[1].cause).toContain('invalid URL prefix in "localhost:8080/admin/"');
  expect(d.incidents[1].fix).toContain('line 48 of G:\\nginx-1.20.2/conf/nginx.conf');
});

test('--json is exactly {"incidents":[{condition, lines, cause, fix}], "unrecognised": [...]}, one object per incident', () => {
  const d = diagnose(Buffer.concat([fixture('04'), Buffer.from('not a log line\n')]));
  const json = JSON.parse(renderJson(d));
  expect(Object.keys(json)).toEqual(['incidents', 'unrecognised']);
  expect(json.unrecognised).toEqual([16]);
  for (const i of json.incidents) {
    expect(Object.keys(i)).toEqual(['condition', 'lines', 'cause', 'fix']);
    expect(i.lines.every((n: unknown) => Number.isInteger(n))).toBe(true);
    expect(typeof i.cause).toBe('string');
    expect(typeof i.fix).toBe('string');
  }
  // The five refused pairs are five incidents in JSON (only the text report merges them).
  expect(json.incidents.map((i: Incident) => `${i.condition} ${i.lines}`)).toEqual([
    'upstream-refused 1,2',
    'static-not-found 3,4,5,6,7',
    'upstream-refused 8,9',
    'upstream-refused 10,11',
    'upstream-refused 12,13',
    'upstream-refused 14,15',
  ]);
  // An empty log.
  expect(renderJson(diagnose(Buffer.alloc(0)))).toBe('{"incidents":[],"unrecognised":[]}');
});

test('the text report: one entry per explanation ("5×"), problems first by condition, newest first, evidence quoted with line numbers', () => {
  const text = report(fixture('04'));
  const [first] = text.split('\n');
  expect(first).toBe('error.log: 15 lines, 6 incidents (6 to act on): upstream-refused ×5, static-not-found ×1.');
  // The five refused pairs have one explanation: one entry, their lines newest first, the newest quoted once.
  expect(text).toContain('upstream-refused: 5 incidents, 10 lines\n● 5×, lines 14-15; 12-13; 10-11; 8-9; 1-2 (quoted: the newest)');
  expect(text.match(/cause: Nothing accepts connections on port 8080/g)).toHaveLength(1);
  expect(text).toContain(`   14 | ${fixtureLine('04', 14)}`);
  expect(text).not.toContain(`    1 | ${fixtureLine('04', 1)}`);
  // Conditions by their newest problem: refused (15) before static-not-found (7).
  expect(text.indexOf('upstream-refused: 5 incidents')).toBeLessThan(text.indexOf('static-not-found: 1 incident, 5 lines'));
  // Long incidents quote the first two and the last line and count the rest.
  expect(text).toContain('        ... 2 more lines (5-6)');
  const long = report(fixture('05'));
  expect(long).toContain('... 11 more lines (3-13)');
  expect(long).toContain('   14 | 2025/04/12 10:06:40 [emerg]');
  // Different explanations stay apart, within a condition newest first.
  const t01 = report(fixture('01'));
  const order = ['● lines 7-8', '● line 6', '● 2×, lines 3-4; 1-2'].map((s) => t01.indexOf(s));
  expect(order.every((p) => p > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // Colour only when asked.
  expect(text).not.toContain('\x1b[');
  const a = analyse(fixture('04'), { keepText: true });
  expect(renderText(a.diagnosis(), a, { color: true })).toContain('\x1b[');
});

test('the text report folds what needs no action at the end: 28 shows its problems first, then the four notices in one line', () => {
  const text = report(fixture('28'));
  const folded = text.indexOf('\nnothing to act on: 4 incidents\n');
  expect(folded).toBeGreaterThan(0);
  for (const problem of ['proxy-loop:', 'signal-failed:', 'port-forbidden:', 'upstream-refused:', 'path-encoding:']) {
    expect(text.indexOf(`\n${problem}`), problem).toBeGreaterThan(0);
    expect(text.indexOf(`\n${problem}`), problem).toBeLessThan(folded);
  }
  expect(text.slice(folded)).toContain('○ info 4×, lines 13; 11; 9; 7: A notice nginx writes in normal operation ("signal process started"): no problem.');
  expect(text).not.toContain('info:');
  // Harmless entries with something useful to do keep their fix, after an arrow.
  expect(report(fixture('23'))).toContain('○ static-not-found line 6: The API docs (knife4j/Swagger, /doc.html)');
  expect(report(fixture('23'))).toContain('→ Open the docs on the admin server\'s own port instead, e.g. http://localhost:8080/doc.html.');
});

test('control characters in a log never reach the terminal: escaped in quotes, causes, fixes, names and errors', () => {
  const log = [
    'hello\x1b[31mred\x07',
    '2024/01/01 00:00:00 [error] 1#2: *3 "/srv/a\x1b[2J/index.html" is not found (2: No such file or directory), client: 1.2.3.4, server: x, request: "GET /\u009b5m HTTP/1.1", host: "x"',
    'x',
    'y',
    'z',
  ].join('\n');
  const text = report(Buffer.from(log, 'utf8'), 'err\x1b]0;title\x07.log');
  expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  expect(text).toContain('hello\\x1B[31mred\\x07');
  expect(text).toContain('/srv/a\\x1B[2J');
  expect(text).toContain('GET /\\x9B5m');
  expect(text).toContain('err\\x1B]0;title\\x07.log:');
  // "... 1 more line", not "... 1 mores".
  expect(text).toContain('  ... 1 more line\n');
  // JSON escapes them too, C1 controls included.
  expect(renderJson(diagnose(Buffer.from(log, 'utf8')))).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
});

test('input that is no nginx error log is bad input (exit 2, nothing on stdout): an access log, a binary file, plain text', async () => {
  const dir = tempDir();
  try {
    const run = async (name: string, bytes: Buffer | string) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      const out = sink();
      const err = sink();
      const code = await examineLogs({ errorLog: file, json: true }, out.stream, err.stream);
      return { code, out: out.text(), err: err.text() };
    };
    const access = await run('access.log', '127.0.0.1 - - [17/Jul/2024:19:15:13 +0800] "POST /api/employee/login HTTP/1.1" 502 494 "-" "Mozilla"\r\n127.0.0.1 - - [17/Jul/2024:19:15:14 +0800] "GET / HTTP/1.1" 200 612 "-" "Mozilla"\r\n');
    expect(access).toEqual({
      code: 2,
      out: '',
      err: "harness doctor: access.log is nginx's access log (all 2 lines are requests), not its error log. Give it with --access and name the error log next to it: npx harness doctor logs/error.log --access logs/access.log\n",
    });
    const binary = await run('error.log', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x0a, 0x1b, 0x07, 0x0a]));
    expect(binary.code).toBe(2);
    expect(binary.out).toBe('');
    expect(binary.err).toContain("harness doctor: error.log is not a text log (control characters on 3 of its 4 lines: a binary file?). nginx's error log has lines like");
    expect(binary.err).not.toMatch(/[\x00-\x08\x0b-\x1f]/);
    const prose = await run('notes.txt', 'my nginx does not work\nplease help\n');
    expect(prose.code).toBe(2);
    expect(prose.err).toContain('no line of notes.txt is an nginx error-log line');
    expect(prose.err).toContain('/var/log/nginx/error.log on Linux');
    // One real line among them is enough to read the file as an error log.
    expect((await run('mixed.log', 'please help\n' + fixtureLine('07', 1) + '\n')).code).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the command: exit 2 with a clear message for a missing file, a folder, a named pipe, a missing access log', async () => {
  const dir = tempDir();
  try {
    const missing = sink();
    const err = sink();
    expect(await examineLogs({ errorLog: path.join(dir, 'nope.log') }, missing.stream, err.stream)).toBe(2);
    expect(missing.text()).toBe('');
    expect(err.text()).toMatch(/^harness doctor: cannot read the error log .*nope\.log: there is no such file\. Name nginx's error log: logs\\error\.log in the nginx folder/);

    mkdirSync(path.join(dir, 'logs'));
    writeFileSync(path.join(dir, 'logs', 'error.log'), '');
    const err2 = sink();
    expect(await examineLogs({ errorLog: dir }, sink().stream, err2.stream)).toBe(2);
    expect(err2.text()).toContain(`is a folder, not a log file. Name the log file itself, e.g. ${path.join(dir, 'logs', 'error.log')}`);

    // A named pipe would wait for a writer forever: refused before it is opened.
    const fifo = path.join(dir, 'fifo.log');
    execFileSync('mkfifo', [fifo]);
    const err3 = sink();
    expect(await examineLogs({ errorLog: fifo }, sink().stream, err3.stream)).toBe(2);
    expect(err3.text()).toBe(
      `harness doctor: the error log ${fifo} is a named pipe, not a log file. Name the file nginx writes (logs\\error.log in the nginx folder on Windows (e.g. D:\\nginx-1.20.2\\logs\\error.log), /var/log/nginx/error.log on Linux), or pipe a log in with "-": cat error.log | npx harness doctor -\n`,
    );
    const err4 = sink();
    expect(await examineLogs({ errorLog: path.join(dir, 'logs', 'error.log'), access: fifo }, sink().stream, err4.stream)).toBe(2);
    expect(err4.text()).toContain('the access log');
    expect(err4.text()).toContain('is a named pipe');

    const err5 = sink();
    expect(await examineLogs({ errorLog: path.join(dir, 'logs', 'error.log'), access: path.join(dir, 'access.log') }, sink().stream, err5.stream)).toBe(2);
    expect(err5.text()).toContain('cannot read the access log');

    // A missing error log is said first, before a (possibly large) access log is read.
    const err6 = sink();
    expect(await examineLogs({ errorLog: path.join(dir, 'nope.log'), access: fifo }, sink().stream, err6.stream)).toBe(2);
    expect(err6.text()).toMatch(/^harness doctor: cannot read the error log .*nope\.log/);
    // Standard input can be one of the two logs only.
    const err7 = sink();
    expect(await examineLogs({ errorLog: '-', access: '-' }, sink().stream, err7.stream)).toBe(2);
    expect(err7.text()).toBe('harness doctor: standard input ("-") can be one of the logs, not both: name the other file.\n');

    await expect(diagnoseFile(path.join(dir, 'nope.log'))).rejects.toBeInstanceOf(DoctorInputError);
    await expect(diagnoseFile(dir)).rejects.toThrow(/is a folder/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the command: an empty log → exit 0; notices only → exit 0; problems → exit 1', async () => {
  const dir = tempDir();
  try {
    const empty = path.join(dir, 'empty.log');
    writeFileSync(empty, '');
    expect(await diagnoseFile(empty)).toEqual({ incidents: [], unrecognised: [] });
    const out = sink();
    expect(await examineLogs({ errorLog: empty }, out.stream, sink().stream)).toBe(0);
    expect(out.text()).toContain('empty.log: empty');
    const outJson = sink();
    expect(await examineLogs({ errorLog: empty, json: true }, outJson.stream, sink().stream)).toBe(0);
    expect(outJson.text()).toBe('{"incidents":[],"unrecognised":[]}\n');

    const notices = path.join(dir, 'notices.log');
    writeFileSync(notices, fixtureLine('24', 3) + '\r\n'); // signal process started
    expect(await examineLogs({ errorLog: notices }, sink().stream, sink().stream)).toBe(0);
    const shipped = path.join(dir, 'shipped.log');
    writeFileSync(shipped, fixture('26'));
    expect(await examineLogs({ errorLog: shipped }, sink().stream, sink().stream), "the course's own lines are nothing to fix").toBe(0);

    const real = path.join(dir, 'error.log');
    writeFileSync(real, fixture('05'));
    const json = sink();
    expect(await examineLogs({ errorLog: real, json: true }, json.stream, sink().stream)).toBe(1);
    expect(JSON.parse(json.text()).incidents.map((i: Incident) => i.condition)).toEqual(['temp-dir-missing', 'upstream-refused']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the access log confirms what the browser saw', () => {
  const refusedV6 = fixtureLine('20', 1) + '\n';
  // The log ends after the [::1] refusal: undetermined from the error log alone...
  const alone = diagnose(Buffer.from(refusedV6, 'latin1'));
  expect(alone.incidents[0].detail?.verdict).toBe('undetermined');
  // ...the access log says the login answered 200: 127.0.0.1 worked, the server is IPv4 only.
  const ok = Buffer.from('127.0.0.1 - - [06/May/2025:14:52:19 +0800] "POST /api/employee/login HTTP/1.1" 200 345 "http://localhost/" "Mozilla/5.0"\n');
  const v4 = diagnose(Buffer.from(refusedV6, 'latin1'), { accessLogBytes: ok });
  expect(v4.incidents[0].detail).toMatchObject({ verdict: 'listens-ipv4-only', browserSaw: [200] });
  // ...or that it got 502: nothing answered.
  const bad = Buffer.from(ok.toString().replace('" 200 345', '" 502 494'));
  expect(diagnose(Buffer.from(refusedV6, 'latin1'), { accessLogBytes: bad }).incidents[0].detail).toMatchObject({ verdict: 'not-running', browserSaw: [502] });
  // 127.0.0.1 refused and the login answered 200: IPv6 only, and nothing about "not running".
  const refusedV4 = fixtureLine('25', 2) + '\n';
  const v6Access = Buffer.from('127.0.0.1 - - [27/Feb/2024:15:02:12 +0800] "POST /api/employee/login HTTP/1.1" 200 345 "-" "Mozilla/5.0"\n');
  const v6 = diagnose(Buffer.from(refusedV4, 'latin1'), { accessLogBytes: v6Access }).incidents[0];
  expect(v6.detail).toMatchObject({ verdict: 'listens-ipv6-only', browserSaw: [200] });
  expect(v6.cause).toContain('the admin server listens on IPv6 only.');
  expect(v6.cause + v6.fix).not.toContain('not running');
  expect(v6.fix).toContain('proxy_pass http://[::1]:8080/admin/; so nginx never tries 127.0.0.1');
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

test('a temp file nginx cannot write while serving a request: the temp folder is gone, or not its workers\'', () => {
  const ctx = ', client: 127.0.0.1, server: localhost, request: "POST /api/common/upload HTTP/1.1", host: "localhost", referrer: "http://localhost/"';
  const gone = [
    `2024/06/01 10:00:00 [crit] 1234#5678: *5 CreateFile() "D:\\nginx-1.20.2/temp/client_body_temp/0000000001" failed (3: The system cannot find the path specified)${ctx}`,
    `2024/06/01 10:00:09 [crit] 1234#5678: *7 CreateFile() "D:\\nginx-1.20.2/temp/client_body_temp/0000000002" failed (3: The system cannot find the path specified)${ctx}`,
  ].join('\r\n');
  const [i] = diagnose(Buffer.from(gone, 'latin1')).incidents;
  expect([i.condition, i.lines]).toEqual(['temp-dir-missing', [1, 2]]);
  expect(i.cause).toContain('could not create a temporary file in D:\\nginx-1.20.2\\temp\\client_body_temp');
  expect(i.cause).toContain('2 requests (the first "POST /api/common/upload")');
  expect(i.cause).toContain('failed with 500');
  expect(i.fix).toContain('Create the folder D:\\nginx-1.20.2\\temp\\client_body_temp');
  expect(i.fix).toContain('restart nginx');
  // Linux, Debian's body temp path, nginx's workers lacking permission.
  const denied = `2024/06/01 10:00:00 [crit] 99#99: *5 open() "/var/lib/nginx/body/0000000001" failed (13: Permission denied)${ctx}`;
  const [j] = diagnose(Buffer.from(denied)).incidents;
  expect(j.condition).toBe('access-denied');
  expect(j.cause).toContain('may not write its temporary files in /var/lib/nginx/body (13: Permission denied)');
  expect(j.fix).toContain('"sudo chown -R <user> /var/lib/nginx/body"');
});

test('C0000142: a non-ASCII nginx folder is mentioned only when the log has one', () => {
  const crash = [fixtureLine('11', 3), fixtureLine('11', 4)].join('\n') + '\n';
  const plain = diagnose(Buffer.from(crash, 'latin1')).incidents[0];
  expect(plain.condition).toBe('respawn-failed');
  expect(plain.cause + plain.fix).not.toMatch(/non-ASCII|ASCII/);
  const withPath = Buffer.concat([fixture('25').subarray(0, fixture('25').indexOf(10) + 1), Buffer.from(crash, 'latin1')]);
  const i = diagnose(withPath).incidents.find((x) => x.condition === 'respawn-failed')!;
  expect(i.cause).toContain('this log shows nginx in a folder with non-ASCII characters (D:\\毕业设计\\外卖系统');
  expect(i.fix).toContain('Move nginx to a folder whose path is plain ASCII first.');
});

test('no live upstreams of nginx in Docker: the cause is one sentence; an upstream block by name is in the container too', () => {
  for (const i of diagnose(fixture('17')).incidents.filter((x) => x.condition === 'no-live-upstreams')) {
    expect(i.cause).toContain('Docker container');
    expect(i.cause).toMatch(/\.$/);
    expect(i.cause).not.toMatch(/\.\s+[A-Z]/);
  }
  // The course's `upstream webservers { server 127.0.0.1:8080; }`: nginx names the group, not a loopback.
  const named = fixtureLine('17', 8).replace('upstream: "http://localhost/', 'upstream: "http://webservers/');
  const [i] = diagnose(Buffer.from(named + '\n', 'latin1')).incidents;
  expect(i.condition).toBe('no-live-upstreams');
  expect(i.cause).toContain('Docker container');
  expect(i.fix).toContain('host.docker.internal:8080');
});

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
    expect(summary(b.incidents.filter(isProblem)), os).toEqual(['bind-failed 1,3,5,7,9,11']);
    const bind = b.incidents.find((i) => i.condition === 'bind-failed')!;
    expect(bind.cause).toContain('Something else already listens on 127.0.0.1:80');
    expect(bind.cause).toContain('5 bind() tries, then "still could not bind()"');
    if (os === 'windows') {
      expect(bind.fix).toContain('Something else holds port 80: on Windows run "netstat -ano | findstr :80"');
      expect(bind.fix).toContain('"tasklist /FI \\"PID eq <pid>\\""');
      expect(bind.fix).toContain('"taskkill /IM nginx.exe /F"');
      expect(bind.fix).toContain('change "listen 80" in nginx.conf');
    } else {
      expect(bind.fix).toContain(`"sudo ss -ltnp 'sport = :80'"`);
      expect(bind.fix).toContain('"systemctl stop nginx"');
      expect(bind.fix).toContain('change "listen 80" in nginx.conf');
    }
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
  expect(linuxCrash.incidents[0].cause).toContain('fork() failed');
  expect(linuxCrash.incidents[0].fix).toContain('"ulimit -u"');
  const windowsCrash = diagnose(
    emulated('windows', [
      { level: 'notice', message: 'worker process 4300 exited with code C0000005' },
      { level: 'notice', message: 'start worker process 4400' },
      { level: 'alert', message: 'worker process 4400 exited with code C0000142', at: 1 },
      { level: 'alert', message: 'could not respawn worker', at: 1 },
    ]),
  );
  expect(summary(windowsCrash.incidents)).toEqual(['worker-crashed 1', 'info 2', 'respawn-failed 3,4']);
  expect(windowsCrash.incidents[0].cause).toContain('STATUS_ACCESS_VIOLATION');
  expect(windowsCrash.incidents[2].cause).toContain('session or desktop');
  const signal9 = diagnose(emulated('linux', [{ level: 'alert', message: 'worker process 4300 exited on signal 9' }])).incidents;
  expect(summary(signal9)).toEqual(['worker-crashed 1']);
  expect(signal9[0].cause).toContain('SIGKILL');
  expect(signal9[0].fix).toContain('"dmesg"');
});

test('the wire faults\' lines, in both profiles\' wording, are diagnosed as their conditions', () => {
  for (const os of ['linux', 'windows'] as const) {
    const p = osProfile(os);
    const get = { client: '127.0.0.1', server: 'localhost', request: 'GET /api/employee/page HTTP/1.1', host: 'localhost', action: 'reading response header from upstream' };
    const peer = (host: string) => `http://${host}:8080/admin/employee/page`;
    const recv = os === 'windows' ? 'WSARecv() failed' : 'recv() failed';
    const lines = emulated(os, [
      // admin.reset: a GET on both peers
      { level: 'error', conn: 2, message: recv, errno: p.errno('ECONNRESET'), ...get, upstream: peer('[::1]') },
      { level: 'error', conn: 2, message: recv, errno: p.errno('ECONNRESET'), ...get, upstream: peer('127.0.0.1') },
      // admin.close
      { level: 'error', conn: 5, message: 'upstream prematurely closed connection', ...get, upstream: peer('[::1]'), at: 20 },
      // admin.garbage
      { level: 'error', conn: 7, message: 'upstream sent no valid HTTP/1.0 header', ...get, upstream: peer('127.0.0.1'), at: 40 },
      // admin.bad-header
      { level: 'error', conn: 9, message: 'upstream sent invalid header: "Content\\x20..."', ...get, upstream: peer('[::1]'), at: 60 },
      // admin.truncate
      { level: 'error', conn: 11, message: 'upstream prematurely closed connection', ...get, action: 'reading upstream', upstream: peer('127.0.0.1'), at: 80 },
      // admin.hang (a POST: one try)
      { level: 'error', conn: 13, message: 'upstream timed out', errno: p.errno('ETIMEDOUT'), ...get, request: 'POST /api/employee/login HTTP/1.1', upstream: 'http://[::1]:8080/admin/employee/login', at: 100 },
      // proxy.temp-dir-gone
      { level: 'crit', conn: 15, message: `${p.openFileFn === 'open()' ? 'open()' : 'CreateFile()'} "${p.displayPath('/srv/p', '/srv/p/temp/client_body_temp/0000000001')}" failed`, errno: p.errno('ENOENT_PATH'), client: '127.0.0.1', server: 'localhost', request: 'POST /api/common/upload HTTP/1.1', host: 'localhost', at: 120 },
    ]);
    const d = diagnose(lines);
    expect(summary(d.incidents), os).toEqual([
      'upstream-reset 1,2',
      'upstream-closed 3',
      'upstream-invalid-header 4',
      'upstream-invalid-header 5',
      'upstream-closed 6',
      'upstream-timeout 7',
      'temp-dir-missing 8',
    ]);
    expect(d.unrecognised).toEqual([]);
    const [garbage, header] = d.incidents.filter((i) => i.condition === 'upstream-invalid-header');
    expect(garbage.cause).toContain('does not speak HTTP: its first bytes are not an HTTP status line');
    expect(garbage.cause).toContain('009 in the access log');
    expect(garbage.fix).toContain(os === 'windows' ? '"netstat -ano | findstr :8080"' : `"ss -ltnp 'sport = :8080'"`);
    expect(header.cause).toContain('a space in the name of the header that starts "Content" (nginx quotes the line up to that byte: "Content\\x20...")');
    expect(header.cause).toContain('without trying the other address (invalid_header is not in proxy_next_upstream\'s default)');
    expect(header.fix).toContain('"curl -v http://127.0.0.1:8080/admin/employee/page"');
    expect(d.incidents.find((i) => i.condition === 'temp-dir-missing')!.cause).toContain('could not create a temporary file');
  }
});

test('the log index forgets a settled refused try for good: the log going on 5 s later does not bring it back', () => {
  const index = new LogIndex();
  const line = (no: number, t: number, text: string) => ({ no, t, text, entry: parseErrorLine(text)! });
  const refused = fixtureLine('01', 1);
  index.add(line(1, 100, refused));
  index.forget(1); // its incident is explained and sealed (--follow seals a whole pair at once)
  index.add(line(2, 106, fixtureLine('07', 1)));
  expect(index.wentOnAfter(1)).toBe(false);
  // One not forgotten is marked, as before.
  index.add(line(3, 200, refused));
  index.add(line(4, 206, fixtureLine('07', 1)));
  expect(index.wentOnAfter(3)).toBe(true);
});
