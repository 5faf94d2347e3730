// The doctor reads the conf and the access log as evidence: the course's two classic cases
// (tests/fixtures/doctor-course/: a conf, an error log and an access log each, in the shapes nginx
// writes them on Windows) and each family of requests that leave no error line.
import { test, expect } from '@playwright/test';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diagnose, examineLogs, isProblem, readConfFacts, type Incident } from './index.js';
import { repoRoot, sink, tempDir } from '../../tests/support/doctor.js';

const COURSE = path.join(repoRoot, 'tests', 'fixtures', 'doctor-course');

function course(name: string, opts: { conf?: boolean; access?: boolean } = { conf: true, access: true }): Incident[] {
  const dir = path.join(COURSE, name);
  const conf = opts.conf ? readConfFacts([path.join(dir, 'nginx.conf')]).conf : undefined;
  const accessLogBytes = opts.access ? readFileSync(path.join(dir, 'access.log')) : undefined;
  return diagnose(readFileSync(path.join(dir, 'error.log')), { conf, accessLogBytes }).incidents;
}

const ACC = (time: string, request: string, status: number, bytes: number) => `127.0.0.1 - - [08/Jul/2023:${time} +0800] "${request}" ${status} ${bytes} "http://localhost/" "Mozilla/5.0"`;
const bytes = (...lines: string[]) => Buffer.from(lines.map((l) => l + '\r\n').join(''));
const CONF = `http {
    client_max_body_size 2m;
    server {
        listen 80;
        server_name localhost;
        location /api/ {
            proxy_pass http://localhost:8080/admin/;
            proxy_read_timeout 30s;
        }
    }
}
`;

function confOf(text: string) {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'nginx.conf'), text);
  const { conf } = readConfFacts([path.join(dir, 'nginx.conf')]);
  rmSync(dir, { recursive: true, force: true });
  return conf;
}

test('the load-balancing lesson: 8088 refused, the other server of upstream webservers answered; no IPv6 verdict', () => {
  const [i, ...rest] = course('lesson-load-balancing');
  expect(rest).toEqual([]);
  const conf = path.join(COURSE, 'lesson-load-balancing', 'nginx.conf');
  expect(i.condition).toBe('upstream-refused');
  expect(i.detail).toMatchObject({ verdict: 'another-server-answered', upstream: 'webservers', answeredBy: ['127.0.0.1:8080'], browserSaw: [200] });
  expect(i.cause).toContain('Only 127.0.0.1:8088 refused GET /api/setmeal/page?page=1&pageSize=10: it is one of the 2 servers of upstream webservers in your conf');
  expect(i.cause).toContain('the access log shows 200 for this request at 08/Jul/2023:11:08:16 +0800, so the other server of upstream webservers, 127.0.0.1:8080, answered it (inferred:');
  expect(i.cause).toContain('about 2 s before it was answered (inferred');
  expect(i.cause).toContain('fail_timeout (10 s)');
  expect(i.fix).toContain(`mark it "down" at ${conf}:37 ("server 127.0.0.1:8088 weight=10;")`);
  // The old verdict is gone: no address family, no [::1] in the proxy_pass.
  expect(i.cause + i.fix).not.toMatch(/IPv6|\[::1\]/);
  // Without the conf the access log alone cannot tell: the family guess is said as an inference.
  const [guess] = course('lesson-load-balancing', { access: true });
  expect(guess.detail?.verdict).toBe('listens-ipv6-only');
  expect(guess.cause).toContain("Inferred: nginx's retry went to [::1]:8088");
  expect(guess.cause).toContain('give the conf with --conf to tell');
});

test('an upstream of servers by name: a refusal of one address of localhost:8088 may have been answered by its other address, so the families decide', () => {
  const dir = path.join(COURSE, 'lesson-load-balancing');
  const named = confOf(readFileSync(path.join(dir, 'nginx.conf'), 'latin1').replace('server 127.0.0.1:8088', 'server localhost:8088').replace('server 127.0.0.1:8080', 'server localhost:8080'));
  const [i] = diagnose(readFileSync(path.join(dir, 'error.log')), { conf: named, accessLogBytes: readFileSync(path.join(dir, 'access.log')) }).incidents;
  expect(i.detail?.verdict).toBe('listens-ipv6-only');
  // Both of its addresses refused: then another server of the upstream answered.
  const both = readFileSync(path.join(dir, 'error.log'), 'latin1');
  const v6 = both.replace('upstream: "http://127.0.0.1:8088', 'upstream: "http://[::1]:8088');
  const [j] = diagnose(Buffer.from(both + v6, 'latin1'), { conf: named, accessLogBytes: readFileSync(path.join(dir, 'access.log')) }).incidents;
  expect(j.detail).toMatchObject({ verdict: 'another-server-answered', answeredBy: ['localhost:8080'] });
});

test("the conf shows one address: the only server of its upstream, or a proxy_pass to a literal IP, is stated from the conf, not inferred", () => {
  const dir = path.join(COURSE, 'admin-no-slash');
  const conf = readConfFacts([path.join(dir, 'nginx.conf')]).conf;
  const refused = (request: string, upstream: string) =>
    Buffer.from(`2023/07/08 11:08:16 [error] 15468#3264: *23 connect() failed (10061: No connection could be made because the target machine actively refused it) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "${upstream}", host: "localhost"\r\n`);
  const [user] = diagnose(refused('GET /user/shop/status HTTP/1.1', 'http://127.0.0.1:8080/user/shop/status'), { conf }).incidents;
  expect(user.detail).toMatchObject({ verdict: 'not-running' });
  expect(user.detail?.singlePeer).toBeUndefined();
  expect(user.cause).toContain(`it is the only server of upstream webservers in your conf, at ${path.join(dir, 'nginx.conf')}:36 ("server 127.0.0.1:8080 weight=90;")`);
  expect(user.cause).not.toContain('inferred');
  const literal = confOf(CONF.replace('http://localhost:8080/admin/', 'http://127.0.0.1:8080/admin/'));
  const [api] = diagnose(refused('POST /api/employee/login HTTP/1.1', 'http://127.0.0.1:8080/admin/employee/login'), { conf: literal }).incidents;
  expect(api.detail).toMatchObject({ verdict: 'not-running' });
  expect(api.cause).toContain('your conf\'s proxy_pass names this one address');
});

test('the server that answered is one nginx could retry on: a backup once no primary is left, never one marked down; max_fails and fail_timeout as the conf sets them', () => {
  const dir = path.join(COURSE, 'lesson-load-balancing');
  const conf = confOf(
    readFileSync(path.join(dir, 'nginx.conf'), 'latin1').replace(
      /upstream webservers\{[^}]*\}/,
      'upstream webservers {\n server 127.0.0.1:8088 max_fails=3 fail_timeout=30s;\n server 127.0.0.1:8080 down;\n server 127.0.0.1:8089 backup;\n }',
    ),
  );
  const [i] = diagnose(readFileSync(path.join(dir, 'error.log')), { conf, accessLogBytes: readFileSync(path.join(dir, 'access.log')) }).incidents;
  expect(i.detail).toMatchObject({ verdict: 'another-server-answered', answeredBy: ['127.0.0.1:8089'] });
  expect(i.cause).toContain('the other server of upstream webservers, 127.0.0.1:8089, answered it (inferred:');
  expect(i.cause).toContain('After 3 failures nginx leaves 127.0.0.1:8088 out for fail_timeout (30 s)');
});

test('the lesson with a log_format that has $upstream_addr and $request_time: which server answered, and how long, are read', () => {
  const [i] = course('lesson-load-balancing-log-format');
  expect(i.detail).toMatchObject({ verdict: 'another-server-answered', answeredBy: ['127.0.0.1:8080'] });
  expect(i.cause).toContain('the access log shows this request tried 127.0.0.1:8088, 127.0.0.1:8080 ($upstream_addr, statuses 502, 200) and got 200 in 2.016 s ($request_time), so 127.0.0.1:8080 answered it.');
  expect(i.cause).not.toContain('inferred');
});

test('proxy_pass without its trailing slash: the 404s of the login named at the proxy_pass, with the URI the server received', () => {
  const conf = path.join(COURSE, 'admin-no-slash', 'nginx.conf');
  const [i, ...rest] = course('admin-no-slash');
  expect(rest).toEqual([]);
  expect(i).toMatchObject({ condition: 'proxy-pass-uri', lines: [], accessLines: [6, 7] });
  expect(i.cause).toContain('2 requests under /api/ ("POST /api/employee/login HTTP/1.1" the first) got 404 (access log lines 6-7): ');
  expect(i.cause).toContain(`${conf}:56 ("proxy_pass http://localhost:8080/admin;") replaces the location's "/api/"`);
  expect(i.cause).toContain('so nginx sent /api/employee/login to localhost:8080 as /adminemployee/login (no slash between "/admin" and the rest), and the 404 is that server\'s answer');
  expect(i.fix).toContain(`change ${conf}:56 ("proxy_pass http://localhost:8080/admin;") to "proxy_pass http://localhost:8080/admin/;"`);
  // Before: nothing at all (an empty error log, and a 404 the conf cannot be read for).
  expect(course('admin-no-slash', { access: true })).toEqual([]);
  // The other slash: a location without one and a URI with one doubles it.
  const extra = confOf(CONF.replace('location /api/ {', 'location /api {'));
  const [d] = diagnose(Buffer.alloc(0), { conf: extra, accessLogBytes: bytes(ACC('10:00:00', 'GET /api/shop/status HTTP/1.1', 404, 108)) }).incidents;
  expect(d.cause).toContain('nginx sent /api/shop/status to localhost:8080 as /admin//shop/status (two slashes)');
});

test('the text report of an empty error log names what the access log shows, at its lines', async () => {
  const dir = path.join(COURSE, 'admin-no-slash');
  const out = sink();
  const err = sink();
  const code = await examineLogs({ errorLog: path.join(dir, 'error.log'), access: path.join(dir, 'access.log'), conf: [path.join(dir, 'nginx.conf')] }, out.stream, err.stream);
  expect(code).toBe(1);
  expect(out.text()).toContain('error.log: empty: nginx has written nothing at level error or above; 1 incident (1 to act on) is read from the access log.');
  expect(out.text()).toContain('proxy-pass-uri: 1 incident, 2 access-log lines\n● access log lines 6-7\n');
  expect(err.text()).toBe('');
});

test("a stack's prefix: the conf beside logs/error.log is read, and the output says so", async () => {
  const dir = tempDir();
  try {
    const from = path.join(COURSE, 'lesson-load-balancing');
    mkdirSync(path.join(dir, 'logs'));
    mkdirSync(path.join(dir, 'conf'));
    for (const f of ['nginx.conf', 'mime.types']) cpSync(path.join(from, f), path.join(dir, 'conf', f));
    for (const f of ['error.log', 'access.log']) cpSync(path.join(from, f), path.join(dir, 'logs', f));
    const out = sink();
    const err = sink();
    await examineLogs({ errorLog: path.join(dir, 'logs', 'error.log'), access: path.join(dir, 'logs', 'access.log') }, out.stream, err.stream);
    expect(err.text()).toBe(`harness doctor: reading the conf beside the log, ${path.join(dir, 'conf', 'nginx.conf')} (give --conf to read another).\n`);
    expect(out.text()).toMatch(/^error\.log: 1 line, 1 incident/);
    expect(out.text()).toContain('the other server of upstream webservers, 127.0.0.1:8080, answered it');
    // --json: the same note on stderr, the JSON alone on stdout.
    const json = sink();
    const jerr = sink();
    await examineLogs({ errorLog: path.join(dir, 'logs', 'error.log'), json: true }, json.stream, jerr.stream);
    expect(JSON.parse(json.text()).incidents).toHaveLength(1);
    expect(jerr.text()).toContain('reading the conf beside the log');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("413s without an error line: nginx's own page and the limit in force, or the server's own refusal; one with its error line is that line's", () => {
  const conf = confOf(CONF);
  const nginx413 = ACC('10:00:00', 'POST /api/common/upload HTTP/1.1', 413, 183);
  const [ours] = diagnose(Buffer.alloc(0), { conf, accessLogBytes: bytes(nginx413) }).incidents;
  expect(ours).toMatchObject({ condition: 'body-too-large', lines: [], accessLines: [1] });
  expect(ours.cause).toContain('got 413 (access log line 1) with a 183-byte body, the size of nginx\'s own 413 page: nginx refused the body as larger than client_max_body_size at');
  expect(ours.cause).toContain('so nginx logged it elsewhere (inferred)');
  expect(ours.cause).toContain(':2 ("client_max_body_size 2m;")');
  const [theirs] = diagnose(Buffer.alloc(0), { conf, accessLogBytes: bytes(ACC('10:00:00', 'POST /api/common/upload HTTP/1.1', 413, 97)) }).incidents;
  expect(theirs.cause).toContain('not nginx\'s own page, and no error line: inferred, the server behind nginx refused the body itself');
  // With its error line, the error log's incident explains it: no second one.
  const line = '2023/07/08 10:00:00 [error] 1#2: *5 client intended to send too large body: 3145728 bytes, client: 127.0.0.1, server: localhost, request: "POST /api/common/upload HTTP/1.1", host: "localhost"';
  expect(diagnose(Buffer.from(line + '\r\n'), { conf, accessLogBytes: bytes(nginx413) }).incidents.map((i) => i.condition)).toEqual(['body-too-large']);
});

test('499s: the client gave up, after how long ($request_time) and against which proxy_read_timeout', () => {
  const conf = confOf(CONF.replace('http {', `http {\n    log_format timed '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $request_time';`));
  const line = (t: string, rt: string) => `${ACC(t, 'GET /api/report/ordersStatistics?begin=2023-06-01&end=2023-07-01 HTTP/1.1', 499, 0)} ${rt}`;
  const [i] = diagnose(Buffer.alloc(0), { conf, accessLogBytes: bytes(line('10:00:10', '10.002'), line('10:01:10', '10.001')) }).incidents;
  expect(i.condition).toBe('client-closed');
  expect(isProblem(i)).toBe(false);
  expect(i.cause).toContain('The clients of 2 requests');
  expect(i.cause).toContain('status 499 (access log lines 1-2), after 10.001-10.002 s ($request_time), before nginx\'s proxy_read_timeout at');
  expect(i.cause).toContain('("proxy_read_timeout 30s;") ran out');
  // In combined, the time is not there to read: said so.
  const [c] = diagnose(Buffer.alloc(0), { accessLogBytes: bytes(ACC('10:00:10', 'GET /api/x HTTP/1.1', 499, 0)) }).incidents;
  expect(c.cause).toContain('after a time the access log does not show (add $request_time to the log_format to see it)');
});

test("the admin API's 401s: no login before them, or a login more than 2 h before (inferred, as the access log has no headers)", () => {
  const login = ACC('08:00:00', 'POST /api/employee/login HTTP/1.1', 200, 318);
  const page = (t: string) => ACC(t, 'GET /api/employee/page?page=1&pageSize=10 HTTP/1.1', 401, 0);
  const [none] = diagnose(Buffer.alloc(0), { accessLogBytes: bytes(page('07:00:00')) }).incidents;
  expect(none.condition).toBe('admin-unauthorized');
  expect(isProblem(none)).toBe(false);
  expect(none.cause).toContain('inferred: no successful login (POST /api/employee/login 200) from this client comes before them');
  const [expired] = diagnose(Buffer.alloc(0), { accessLogBytes: bytes(login, page('10:30:00')) }).incidents;
  expect(expired.cause).toContain("last login in the access log was 3 h before, longer than the admin token's 2 h life");
  expect(expired.fix).toContain('Log in again');
});

test('502/504 runs with no error line of theirs: the log is elsewhere; with their error lines, no such incident', () => {
  const conf = confOf(CONF.replace('server_name localhost;', 'server_name localhost;\n        error_log logs/api-error.log;'));
  const gw = bytes(ACC('10:00:00', 'GET /api/shop/status HTTP/1.1', 502, 157), ACC('10:00:05', 'GET /api/employee/page HTTP/1.1', 502, 157));
  const [i] = diagnose(Buffer.alloc(0), { conf, accessLogBytes: gw }).incidents;
  expect(i).toMatchObject({ condition: 'gateway-error-unlogged', accessLines: [1, 2] });
  expect(i.cause).toContain('2 requests got 502 Bad Gateway (access log lines 1-2, 08/Jul/2023:10:00:00 +0800 to 08/Jul/2023:10:00:05 +0800) with no line of theirs in this error log');
  expect(i.cause).toContain('("error_log logs/api-error.log;")');
  const refused = (t: string, req: string, peer: string) =>
    `2023/07/08 ${t} [error] 1#2: *3 connect() failed (10061: No connection could be made because the target machine actively refused it) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "${req}", upstream: "http://${peer}/admin/x", host: "localhost"`;
  const err = bytes(
    refused('10:00:00', 'GET /api/shop/status HTTP/1.1', '[::1]:8080'),
    refused('10:00:00', 'GET /api/shop/status HTTP/1.1', '127.0.0.1:8080'),
    refused('10:00:05', 'GET /api/employee/page HTTP/1.1', '127.0.0.1:8080'),
    refused('10:00:05', 'GET /api/employee/page HTTP/1.1', '[::1]:8080'),
  );
  expect(diagnose(err, { conf, accessLogBytes: gw }).incidents.map((x) => x.condition)).toEqual(['upstream-refused', 'upstream-refused']);
  // nginx proxying to itself: the outer requests pass on the 502 of the inner one, whose line is there.
  const loop = (v: string) => `127.0.0.1 - - [27/Nov/2026:17:38:32 +0000] "GET /loop/x HTTP/${v}" 502 157 "http://127.0.0.1:41395/" "-"`;
  const inner =
    '2026/11/27 17:38:32 [error] 3863#3863: *14 recv() failed (104: Connection reset by peer) while reading response header from upstream, client: 127.0.0.1, server: , request: "GET /loop/x HTTP/1.0", upstream: "http://127.0.0.1:41395/loop/x", host: "127.0.0.1:41395", referrer: "http://127.0.0.1:41395/"';
  const passedOn = diagnose(bytes('2026/11/27 17:38:32 [alert] 3863#3863: 16 worker_connections are not enough', inner), { accessLogBytes: bytes(loop('1.0'), loop('1.0'), loop('1.1')) });
  expect(passedOn.incidents.map((x) => x.condition)).not.toContain('gateway-error-unlogged');
  // A 502 that is not nginx's page is the server's own answer, passed on: nginx had nothing to log.
  expect(diagnose(Buffer.alloc(0), { conf, accessLogBytes: bytes(ACC('10:00:00', 'GET /api/shop/status HTTP/1.1', 502, 61)) }).incidents).toEqual([]);
});

test('no live upstreams: how long a server stays out is read from the upstream { } of the conf, and said as nginx\'s defaults without one', () => {
  const conf = confOf(`http {
    upstream webservers {
        server 127.0.0.1:8080 max_fails=3 fail_timeout=30s;
    }
    server {
        listen 80;
        server_name localhost;
        location /api/ {
            proxy_pass http://webservers/admin/;
        }
    }
}
`);
  const line = (n: number, message: string, upstream: string) =>
    `2023/07/08 11:08:1${n} [error] 15468#3264: *2${n} ${message} while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/employee/page HTTP/1.1", upstream: "${upstream}", host: "localhost"\r\n`;
  const log = Buffer.from(
    line(0, 'connect() failed (10061: No connection could be made because the target machine actively refused it)', 'http://127.0.0.1:8080/admin/employee/page') +
      line(1, 'no live upstreams', 'http://webservers/admin/employee/page'),
  );
  const nolive = (c?: ReturnType<typeof confOf>) => diagnose(log, { conf: c }).incidents.find((i) => i.condition === 'no-live-upstreams')!;
  expect(nolive(conf).cause).toContain('upstream webservers at ');
  expect(nolive(conf).cause).toContain('leaves a server out for 30 s after 3 failures: max_fails=3, fail_timeout=30s');
  expect(nolive(conf).fix).toContain('nginx tries it again 30 s after the last failure');
  expect(nolive().cause).toContain('max_fails=1, fail_timeout=10s, its defaults where the conf sets none');
});
