// The one parser (and writer) of nginx error-log lines: parse(format(x)) gives x back, the
// writer's output is nginx's, and the odd real lines read right: errno texts with parentheses,
// cut-off lines, lines without *conn, the stderr form, configuration errors with ` in file:line`,
// and quoted values that hold `, host: `.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatErrorLine, formatStderrLine, parseErrorLine, type ErrorLogEntry } from './error-log.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(repoRoot, 'tests', 'fixtures', 'nginx-logs');

/** Line `n` of a fixture file, decoded as the doctor does (UTF-8, else GBK). */
function fixtureLine(file: string, n: number): string {
  const bytes = readFileSync(path.join(FIXTURES, file));
  const lines: Buffer[] = [];
  for (let start = 0, lf = bytes.indexOf(10); lf >= 0; start = lf + 1, lf = bytes.indexOf(10, start)) lines.push(bytes.subarray(start, lf));
  const b = lines[n - 1];
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b).replace(/\r$/, '');
  } catch {
    return new TextDecoder('gbk').decode(b).replace(/\r$/, '');
  }
}

type Full = ErrorLogEntry & { time: string; pid: number; tid: number };

const REFUSED_WIN = { code: 10061, text: 'No connection could be made because the target machine actively refused it' };

const ENTRIES: Record<string, Full> = {
  'refused, full context': {
    time: '2024/03/11 09:41:27',
    level: 'error',
    pid: 52316,
    tid: 47720,
    conn: 3,
    message: 'connect() failed',
    errno: REFUSED_WIN,
    action: 'connecting to upstream',
    client: '127.0.0.1',
    server: 'localhost',
    request: 'POST /api/employee/login HTTP/1.1',
    upstream: 'http://[::1]:8080/admin/employee/login',
    host: 'localhost',
    referrer: 'http://localhost/',
  },
  'master line, no *conn, no context': { time: '2024/08/20 18:03:55', level: 'alert', pid: 13380, tid: 25712, message: 'worker process 20216 exited with code C0000142' },
  'errno text with parentheses': {
    time: '2024/08/02 19:52:03',
    level: 'error',
    pid: 268,
    tid: 284,
    conn: 77,
    message: 'upstream timed out',
    errno: { code: 10060, text: 'FormatMessage() error:(317)' },
    action: 'reading response header from upstream',
    client: '127.0.0.1',
    server: 'localhost',
    request: 'POST /api/employee/login HTTP/1.1',
    upstream: 'http://[::1]:8080/admin/employee/login',
    host: 'localhost',
  },
  '" while " inside the message, errno after it': {
    time: '2026/11/22 07:14:37',
    level: 'alert',
    pid: 1838,
    tid: 1838,
    message: 'fork() failed while spawning "worker process"',
    errno: { code: 11, text: 'Resource temporarily unavailable' },
  },
  'configuration error with errno and file:line': {
    time: '2025/04/03 11:52:40',
    level: 'emerg',
    pid: 1,
    tid: 1,
    message: 'open() "/etc/nginx/mime.types" failed',
    errno: { code: 2, text: 'No such file or directory' },
    conf: { file: '/etc/nginx/nginx.conf', line: 12 },
  },
  // An invalid request line is logged as received (at info), spaces and quotes included; headers too.
  'request line and referrer that hold ", host: " and quotes': {
    time: '2026/11/22 07:20:20',
    level: 'info',
    pid: 27924,
    tid: 27924,
    conn: 3,
    message: 'client sent invalid request',
    action: 'reading client request line',
    client: '127.0.0.1',
    server: 'localhost',
    request: 'GET /api/x?a=", host: "evil, upstream: "x HTTP/1.1',
    host: '127.0.0.1:28080',
    referrer: 'http://r.example/?q=, host: "y"',
  },
  'no host header (HTTP/1.0), static miss without action': {
    time: '2026/11/22 07:23:43',
    level: 'error',
    pid: 2481,
    tid: 2481,
    conn: 6,
    message: 'open() "<prefix>/pm/html/ap" failed',
    errno: { code: 2, text: 'No such file or directory' },
    client: '127.0.0.1',
    server: 'localhost',
    request: 'GET /ap HTTP/1.0',
  },
  'GBK path decoded to Chinese, 1113': {
    time: '2022/09/13 10:31:47',
    level: 'emerg',
    pid: 10284,
    tid: 9156,
    message: 'CreateFile() "E:\\2022新版课程\\苍穹外卖项目\\nginx-1.20.2/conf/nginx.conf" failed',
    errno: { code: 1113, text: 'No mapping for the Unicode character exists in the target multi-byte code page' },
  },
};

for (const [name, entry] of Object.entries(ENTRIES)) {
  test(`parse(format(x)) gives x back: ${name}`, () => {
    const line = formatErrorLine(entry);
    expect(parseErrorLine(line)).toEqual(entry);
    expect(parseErrorLine(line + '\r\n'), 'CRLF').toEqual(entry);
    expect(parseErrorLine(line + '\n'), 'LF').toEqual(entry);
  });
}

test('the writer writes what nginx writes (the format is pinned)', () => {
  expect(formatErrorLine(ENTRIES['refused, full context'])).toBe(
    '2024/03/11 09:41:27 [error] 52316#47720: *3 connect() failed (10061: No connection could be made because the target machine actively refused it) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/employee/login HTTP/1.1", upstream: "http://[::1]:8080/admin/employee/login", host: "localhost", referrer: "http://localhost/"',
  );
  expect(formatStderrLine({ level: 'emerg', message: 'bind() to 0.0.0.0:80 failed', errno: { code: 98, text: 'Address already in use' } })).toBe(
    'nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)',
  );
  // The embedded master writes conf errors as one message text: it reads back split.
  const written = formatErrorLine({ time: '2023/04/22 16:37:02', level: 'emerg', pid: 13832, tid: 4744, message: 'host not found in upstream "localhost" in D:\\x\\nginx-1.20.2/conf/nginx.conf:69' });
  expect(parseErrorLine(written)).toMatchObject({ message: 'host not found in upstream "localhost"', conf: { file: 'D:\\x\\nginx-1.20.2/conf/nginx.conf', line: 69 } });
});

test('the stderr form: nginx: [emerg] ...', () => {
  const e = parseErrorLine('nginx: [emerg] bind() to 0.0.0.0:80 failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)');
  expect(e).toEqual({ level: 'emerg', stderr: true, message: 'bind() to 0.0.0.0:80 failed', errno: { code: 10013, text: 'An attempt was made to access a socket in a way forbidden by its access permissions' } });
  const s = { level: 'emerg' as const, message: 'CreateDirectory() "E:\\nginx/temp/client_body_temp" failed', errno: { code: 3, text: 'The system cannot find the path specified' } };
  expect(parseErrorLine(formatStderrLine(s))).toEqual({ ...s, stderr: true });
  expect(parseErrorLine('nginx: [emerg] still could not bind()')).toEqual({ level: 'emerg', stderr: true, message: 'still could not bind()' });
  // Not the [level] form: not an error-log line.
  expect(parseErrorLine('nginx: the configuration file /etc/nginx/nginx.conf syntax is ok')).toBeUndefined();
  expect(parseErrorLine('nginx: [bogus] x')).toBeUndefined();
});

test('odd lines of the fixture logs read right', () => {
  // errno text with parentheses (nginx.exe under Wine).
  expect(parseErrorLine(fixtureLine('24-wine-openevent-reload-413.log', 8))).toMatchObject({
    message: 'upstream timed out',
    errno: { code: 10060, text: 'FormatMessage() error:(317)' },
    action: 'reading response header from upstream',
    upstream: 'http://[::1]:8080/admin/employee/login',
  });
  // A notice whose message holds parentheses and a comma before its errno.
  expect(parseErrorLine(fixtureLine('24-wine-openevent-reload-413.log', 2))).toEqual({
    time: '2024/08/01 21:06:40',
    level: 'notice',
    pid: 412,
    tid: 416,
    message: 'WSAIoctl(SIO_GET_EXTENSION_FUNCTION_POINTER, WSAID_TRANSMITPACKETS) failed',
    errno: { code: 10022, text: 'Invalid argument' },
  });
  // Master lines: no *conn, no context.
  const respawn = parseErrorLine(fixtureLine('11-win-c0000142-three-crashes.log', 4))!;
  expect(respawn).toEqual({ time: '2024/08/20 18:03:55', level: 'alert', pid: 13380, tid: 25712, message: 'could not respawn worker' });
  // ` in file:line` after the message.
  expect(parseErrorLine(fixtureLine('15-win-host-not-found-worker-exit.log', 4))).toMatchObject({
    message: 'host not found in upstream "localhost"',
    conf: { file: 'D:\\tools\\nginx-1.20.2/conf/nginx.conf', line: 47 },
  });
  // "... is not found (3: ...)", then a context without upstream.
  expect(parseErrorLine(fixtureLine('04-win-port8545-index-folder-missing.log', 3))).toMatchObject({
    conn: 1,
    message: '"E:\\code\\waimai-admin\\nginx-1.20.2/html/sky/index.html" is not found',
    errno: { code: 3 },
    request: 'GET / HTTP/1.1',
    host: 'localhost:8545',
  });
  // GBK path (decoded), 1113.
  expect(parseErrorLine(fixtureLine('25-win-gbk-1113-ipv6-only-openevent-stop.log', 1))).toMatchObject({
    message: 'CreateFile() "D:\\毕业设计\\外卖系统\\nginx-1.20.2/conf/nginx.conf" failed',
    errno: { code: 1113 },
  });
});

test('cut-off lines parse as far as they go, marked truncated', () => {
  const full = formatErrorLine(ENTRIES['refused, full context']);
  // Inside the errno text.
  const inErrno = parseErrorLine(full.slice(0, full.indexOf('could be made')))!;
  expect(inErrno).toMatchObject({ conn: 3, message: 'connect() failed', errno: { code: 10061 }, truncated: true });
  // Inside a quoted value.
  const inUpstream = parseErrorLine(full.slice(0, full.indexOf('/admin/employee/login')))!;
  expect(inUpstream).toMatchObject({ request: 'POST /api/employee/login HTTP/1.1', upstream: 'http://[::1]:8080', truncated: true, action: 'connecting to upstream' });
  expect(inUpstream.host).toBeUndefined();
  // Right after a closing quote, inside the next field's name.
  const inName = parseErrorLine(full.slice(0, full.indexOf(', upstream: ') + 5))!;
  expect(inName).toMatchObject({ request: 'POST /api/employee/login HTTP/1.1', truncated: true });
  expect(inName.upstream).toBeUndefined();
  // Inside ", client: ".
  const inClient = parseErrorLine(full.slice(0, full.indexOf(', client: ') + 5))!;
  expect(inClient).toMatchObject({ action: 'connecting to upstream', errno: REFUSED_WIN, truncated: true });
  expect(inClient.client).toBeUndefined();
  // Inside the head: not an error-log line at all.
  expect(parseErrorLine(full.slice(0, 25))).toBeUndefined();
  expect(parseErrorLine('2024/03/11 09:41:27 [err')).toBeUndefined();
  // A whole line is not truncated, nor the keep-alive handler's, which nginx writes without a context.
  expect(parseErrorLine(full)!.truncated).toBeUndefined();
  const keepalive = parseErrorLine('2024/11/24 10:00:00 [info] 7#7: *2 client 127.0.0.1 closed keepalive connection')!;
  expect(keepalive).toMatchObject({ conn: 2, message: 'client 127.0.0.1 closed keepalive connection' });
  expect(keepalive.truncated).toBeUndefined();
  const reset = parseErrorLine('2024/11/24 10:00:00 [info] 7#7: *3 client 127.0.0.1 closed keepalive connection (104: Connection reset by peer)')!;
  expect(reset).toMatchObject({ conn: 3, errno: { code: 104 } });
  expect(reset.truncated).toBeUndefined();
  // The same words cut short are still a cut line.
  expect(parseErrorLine('2024/11/24 10:00:00 [info] 7#7: *2 client 127.0.0.1 closed keepal')!.truncated).toBe(true);
});

test('" in FILE:LINE" inside a quoted text that goes on in the next line is the text\'s, not a conf location', () => {
  const php = '2025/05/05 21:14:09 [error] 1540#1540: *311 FastCGI sent in stderr: "PHP message: PHP Fatal error:  Uncaught Error in /var/www/app/src/Db.php:18';
  expect(parseErrorLine(php)).toMatchObject({ message: 'FastCGI sent in stderr: "PHP message: PHP Fatal error:  Uncaught Error in /var/www/app/src/Db.php:18', truncated: true });
  expect(parseErrorLine(php)!.conf).toBeUndefined();
  expect(parseErrorLine('2025/05/05 21:14:09 [emerg] 1#1: unknown directive "x" in /etc/nginx/nginx.conf:3')!.conf).toEqual({ file: '/etc/nginx/nginx.conf', line: 3 });
});

test('quoted values holding ", host: " are read to their real end', () => {
  const line =
    '2026/11/22 07:09:23 [error] 1#1: *7 open() "/srv/html/x" failed (2: No such file or directory), client: 10.0.0.2, server: localhost, request: "GET /x?note=a, host: b HTTP/1.1", host: "real.example", referrer: "http://r/?a=, host: "';
  expect(parseErrorLine(line)).toMatchObject({ request: 'GET /x?note=a, host: b HTTP/1.1', host: 'real.example', referrer: 'http://r/?a=, host: ' });
  const tricky = '2026/11/22 07:09:23 [error] 1#1: *7 no live upstreams while connecting to upstream, client: 10.0.0.2, server: localhost, request: "GET /a", host: "b HTTP/1.1", host: "c"';
  expect(parseErrorLine(tricky)).toMatchObject({ request: 'GET /a", host: "b HTTP/1.1', host: 'c' });
});

test('not error-log lines', () => {
  for (const s of ['', 'hello', '127.0.0.1 - - [22/Nov/2026:07:09:23 +0000] "GET / HTTP/1.1" 200 1 "-" "-"', '2024/03/11 09:41:27 [fatal] 1#1: x']) {
    expect(parseErrorLine(s), s).toBeUndefined();
  }
});
