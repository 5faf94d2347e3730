// The Windows profile changes wording and timing only; every line it writes has the shape of the
// Windows lines of the project's fixture logs (tests/fixtures/nginx-logs/), read by the same parser.
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import getPort from 'get-port';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';
import { parseErrorLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';
import { Timeline } from '../../harness/timeline/timeline.js';
import { repoRoot } from '../../harness/paths.js';
import { DEFAULT_WINDOWS_REFUSED_DELAY_MS } from '../../harness/os-profile.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';
import { holdPort } from '../support/ports.js';

const FIXTURES = join(repoRoot, 'tests', 'fixtures', 'nginx-logs');

/** The first line of the fixture logs that matches `re`. */
function realLine(re: RegExp): ErrorLogEntry {
  for (const f of readdirSync(FIXTURES).filter((x) => x.endsWith('.log')).sort()) {
    const line = readFileSync(join(FIXTURES, f), 'latin1').split(/\r?\n/).find((l) => re.test(l));
    if (line) return parseErrorLine(line)!;
  }
  throw new Error(`no fixture line matches ${re}`);
}

function login(): string {
  const body = '{"username":"admin","password":"123456"}';
  return `POST /api/employee/login HTTP/1.1\r\nHost: localhost\r\nReferer: http://localhost/\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
}

/** Sends a request: its status and time, and the error-log lines it made, each stamped (ms) when it appeared. */
async function sendStamped(p: ProxyUnderTest, request: string): Promise<{ status: number; ms: number; lines: { t: number; entry: ErrorLogEntry }[] }> {
  const timeline = new Timeline();
  timeline.follow(join(p.prefix, 'logs', 'error.log'), 'error-log');
  let r;
  try {
    r = await p.send(request);
  } finally {
    timeline.stop();
  }
  const lines = timeline.events.filter((e) => e.kind === 'error-log').map((e) => ({ t: e.t, entry: parseErrorLine(e.label)! }));
  return { status: r.status, ms: r.ms, lines };
}

/**
 * What a line's fields say, with what differs from machine to machine set aside: numbers in the
 * message, quoted paths (checked on their own), and the values of the request's own fields.
 */
function shape(e: ErrorLogEntry) {
  return {
    keys: Object.keys(e).sort(),
    level: e.level,
    message: e.message.replace(/"[^"]*"/g, '"PATH"').replace(/\d+/g, 'N'),
    action: e.action,
    client: e.client,
    server: e.server,
  };
}

/** A Windows path as nginx prints it: the drive and prefix with backslashes, then `/` and the rest. */
const WINDOWS_PATH = /"[A-Z]:\\[^"/]+\/[^"\\]+"/;

test.describe('Windows profile', () => {
  test.skip(({ engine }) => engine === 'nginx', 'Linux nginx cannot show the Windows profile');

  test('a login with the admin server down: a refused pair ~2 s apart, and the 502 after ~4 s', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down' });
    const { status, ms, lines } = await sendStamped(p, login());
    expect(status).toBe(502);
    expect(ms).toBeGreaterThanOrEqual(3900);
    expect(ms).toBeLessThan(5000);
    expect(lines).toHaveLength(2);
    for (const l of p.errorLog()) expect(l.endsWith('\r')).toBe(true);
    // The lines are stamped as they appear (every 20 ms): the second one ~2000 ms after the first.
    const gap = lines[1].t - lines[0].t;
    expect(gap).toBeGreaterThanOrEqual(1900);
    expect(gap).toBeLessThanOrEqual(2300);
    const pair = lines.map((l) => l.entry);
    expect(pair.map((e) => e.upstream)).toEqual([`http://[::1]:${p.upstream.port}/admin/employee/login`, `http://127.0.0.1:${p.upstream.port}/admin/employee/login`]);
    expect(pair[0].tid).not.toBe(pair[0].pid);
    // Field for field the same as a real pair (fixture 01), the times, ids and port aside.
    const real = [realLine(/connect\(\) failed \(10061: .*"POST \/api\/employee\/login HTTP\/1\.1", upstream: "http:\/\/\[::1\]/), realLine(/connect\(\) failed \(10061: .*"POST \/api\/employee\/login HTTP\/1\.1", upstream: "http:\/\/127\.0\.0\.1/)];
    const same = (e: ErrorLogEntry) => ({ ...e, time: undefined, pid: undefined, tid: undefined, conn: undefined, upstream: e.upstream?.replace(/:\d+\//, ':PORT/') });
    expect(pair.map(same)).toEqual(real.map(same));
  });

  test('the refused connect delay is configurable: 300 ms between the pair', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 300 });
    const { status, ms, lines } = await sendStamped(p, get('/api/x', p.port));
    expect(status).toBe(502);
    expect(ms).toBeGreaterThanOrEqual(580);
    expect(ms).toBeLessThan(1000);
    const gap = lines[1].t - lines[0].t;
    expect(gap).toBeGreaterThanOrEqual(240);
    expect(gap).toBeLessThanOrEqual(600);
  });

  test('the next request inside fail_timeout: "no live upstreams" at once', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 500 });
    await p.send(get('/api/a', p.port));
    const r = await p.send(get('/api/b', p.port));
    expect(r.status).toBe(502);
    // No connect at all: well under the one refused connect (500 ms) it would otherwise wait.
    expect(r.ms).toBeLessThan(300);
    const last = parseErrorLine(p.errorLog().at(-1)!)!;
    expect(last.message).toBe('no live upstreams');
    expect(last.upstream).toBe('http://localhost/admin/b');
  });

  test('locations match without case: /API/users is proxied', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    const r = await p.send(get('/API/users', p.port));
    expect(r.status).toBe(200);
    expect(p.upstream.received.at(-1)!.raw.split('\r\n')[0]).toBe('GET /admin/users HTTP/1.0');
  });

  // NGX_HAVE_CASELESS_FILESYSTEM: every regex location is compiled caseless, `~` as `~*`, and
  // exact and prefix names compare without the case of ASCII letters (ngx_filename_cmp()).
  test('regex locations match without case too: `~ \\.JS$` takes /a.js, and = /Exact takes /exact', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', server: 'location ~ \\.JS$ { try_files /x =404; }\n        location = /Exact { try_files /index.html =404; }' });
    expect((await p.send(get('/a.js', p.port))).body).toBe('hello\n');
    expect((await p.send(get('/exact', p.port))).body).toBe('<h1>index</h1>\n');
  });

  test('static misses: CreateFile() with the prefix (or the root) as Windows shows it and the URI after a /, CRLF logs', async ({ startProxy }, testInfo) => {
    const outside = testInfo.outputPath('front');
    mkdirSync(join(outside, 'outside'), { recursive: true });
    writeFileSync(join(outside, 'outside', 'here.js'), '1;\n');
    const p = await startProxy({ os: 'windows', server: `location /outside/ { root ${outside}; }` });
    expect((await p.send(get('/nope', p.port))).status).toBe(404);
    expect((await p.send(get('/no/dir/file.js', p.port))).status).toBe(404);
    expect((await p.send(get('/outside/here.js', p.port))).status).toBe(200);
    expect((await p.send(get('/outside/sub/gone.js', p.port))).status).toBe(404);
    const win = (p: string) => 'C:' + p.replace(/\//g, '\\');
    const lines = p.errorLog().map((l) => parseErrorLine(l)!);
    expect(lines.map((e) => [e.message, e.errno])).toEqual([
      [`CreateFile() "${win(p.prefix)}/html/nope" failed`, { code: 2, text: 'The system cannot find the file specified' }],
      [`CreateFile() "${win(p.prefix)}/html/no/dir/file.js" failed`, { code: 3, text: 'The system cannot find the path specified' }],
      [`CreateFile() "${win(outside)}/outside/sub/gone.js" failed`, { code: 3, text: 'The system cannot find the path specified' }],
    ]);
    await expect.poll(() => p.accessLog().length).toBe(4);
    for (const l of p.accessLog()) expect(l.endsWith('\r')).toBe(true);
  });

  test('static files open without case, as Windows opens them: /INDEX.HTML, /50X.HTML, a folder in another case', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    mkdirSync(join(p.prefix, 'html', 'Sub'));
    writeFileSync(join(p.prefix, 'html', 'Sub', 'Index.HTML'), '<h1>sub</h1>\n');
    writeFileSync(join(p.prefix, 'html', 'Sub', 'Page.Html'), '<p>page</p>\n');
    const exact = await p.send(get('/index.html', p.port));
    const upper = await p.send(get('/INDEX.HTML', p.port));
    expect([upper.status, upper.body, header(upper, 'Content-Type'), header(upper, 'ETag')]).toEqual([200, exact.body, 'text/html', header(exact, 'ETag')]);
    const page50x = await p.send(get('/50X.HTML', p.port));
    expect([page50x.status, page50x.body]).toEqual([200, readFileSync(join(p.prefix, 'html', '50x.html'), 'latin1')]);
    expect((await p.send(get('/sub/PAGE.HTML', p.port))).body).toBe('<p>page</p>\n');
    // A folder in another case is a folder: the redirect keeps the URI as asked, the index is found in any case.
    const folder = await p.send(get('/SUB', p.port));
    expect([folder.status, header(folder, 'Location')]).toEqual([301, `http://127.0.0.1:${p.port}/SUB/`]);
    expect((await p.send(get('/SUB/', p.port))).body).toBe('<h1>sub</h1>\n');
    // Misses: the file (2) or a folder on the way (3), a file on the way counting as a missing folder.
    for (const uri of ['/SUB/nope.html', '/nodir/x', '/INDEX.HTML/x']) expect((await p.send(get(uri, p.port))).status).toBe(404);
    const win = (path: string) => 'C:' + path.replace(/\//g, '\\');
    expect(p.errorLog().map((l) => parseErrorLine(l)!).map((e) => [e.message, e.errno!.code])).toEqual([
      [`CreateFile() "${win(p.prefix)}/html/SUB/nope.html" failed`, 2],
      [`CreateFile() "${win(p.prefix)}/html/nodir/x" failed`, 3],
      [`CreateFile() "${win(p.prefix)}/html/INDEX.HTML/x" failed`, 3],
    ]);
  });

  test('names without case, but only below the root: symlinks are followed as before, `..` is refused as before', async ({ startProxy }, testInfo) => {
    const outside = testInfo.outputPath('outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'Shared.txt'), 'shared\n');
    const p = await startProxy({ os: 'windows' });
    symlinkSync(outside, join(p.prefix, 'html', 'Linked'));
    expect((await p.send(get('/linked/SHARED.TXT', p.port))).body).toBe('shared\n');
    // conf/ is beside the root, not in it: no case of its name is found from the root.
    for (const uri of ['/CONF/nginx.conf', '/conf/NGINX.CONF']) expect((await p.send(get(uri, p.port))).status).toBe(404);
    for (const uri of ['/../CONF/NGINX.CONF', '/x/../../conf/nginx.conf', '/%2E%2E/conf/nginx.conf']) expect((await p.send(get(uri, p.port))).status).toBe(400);
  });

  test('a name added or removed is seen at once, in any case (a listing is kept only while its folder is unchanged)', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    const status = async () => (await p.send(get('/NEW.TXT', p.port))).status;
    expect(await status()).toBe(404);
    writeFileSync(join(p.prefix, 'html', 'new.txt'), 'new\n');
    expect(await status()).toBe(200);
    rmSync(join(p.prefix, 'html', 'new.txt'));
    expect(await status()).toBe(404);
  });

  test('the version is the course\'s nginx 1.20.2 by default', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 0 });
    const r = await p.send(get('/api/x', p.port));
    expect(r.headers.find(([n]) => n === 'Server')?.[1]).toBe('nginx/1.20.2');
    expect(r.body).toContain('<hr><center>nginx/1.20.2</center>');
  });

  test('every kind of line the profile writes parses into the same fields as a Windows line of the fixture logs', async ({ startProxy }, testInfo) => {
    test.setTimeout(60_000);
    const ours: Record<string, ErrorLogEntry> = {};
    const last = (p: ProxyUnderTest, re: RegExp) => p.errorLog().map((l) => parseErrorLine(l)!).filter((e) => re.test(e.message)).at(-1)!;

    // Requests: refused, no live upstreams, a static miss; then a crash and a respawn that fails.
    const down = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 0, errorLogLevel: 'notice' });
    await down.send(login());
    ours.refused = last(down, /^connect\(\) failed$/);
    await down.send(login());
    ours.noLive = last(down, /^no live upstreams$/);
    await down.send(`GET /1 HTTP/1.1\r\nHost: localhost\r\nReferer: http://localhost/\r\n\r\n`);
    ours.createFile = last(down, /^CreateFile\(\)/);
    await down.engine.crashWorker();
    ours.c0000005 = last(down, /exited with code C0000005$/);
    await down.engine.failRespawns(true);
    await down.engine.crashWorker();
    await expect.poll(() => down.errorLog().some((l) => l.includes('could not respawn worker'))).toBe(true);
    ours.c0000142 = last(down, /exited with code C0000142$/);
    ours.couldNotRespawn = last(down, /^could not respawn worker$/);

    // An upstream that never answers, past proxy_read_timeout.
    const slow = await startProxy({ os: 'windows', api: 'proxy_read_timeout 1s;' });
    slow.upstream.behaviour = { kind: 'hang' };
    await slow.send(login());
    ours.timeout = last(slow, /^upstream timed out$/);

    // Start-up failures: a port in use, an excluded port, a missing temp folder.
    const holder = await holdPort();
    try {
      const busy = await startExpectingFailure('embedded', testInfo.outputPath('busy'), { os: 'windows', port: holder.port });
      ours.inUse = parseErrorLine(busy.errorLog.split('\r\n')[0])!;
    } finally {
      await holder.close();
    }
    const port = await getPort({ host: '127.0.0.1' });
    const excluded = await startExpectingFailure('embedded', testInfo.outputPath('excluded'), { os: 'windows', port, reservedPorts: [port] });
    ours.forbidden = parseErrorLine(excluded.errorLog)!;
    const noTemp = await startExpectingFailure('embedded', testInfo.outputPath('temp'), { os: 'windows', tempDir: false });
    ours.createDirectory = parseErrorLine(noTemp.errorLog)!;

    const real: Record<string, ErrorLogEntry> = {
      refused: realLine(/connect\(\) failed \(10061: .*"POST \/api\/employee\/login HTTP\/1\.1".*referrer/),
      noLive: realLine(/no live upstreams while connecting to upstream.*"POST \/api\/employee\/login HTTP\/1\.1".*referrer/),
      createFile: realLine(/CreateFile\(\) "[A-Z]:\\[^"]*\/html\/[^"]*" failed \(2: .*referrer/),
      c0000005: realLine(/\[notice\] \d+#\d+: worker process \d+ exited with code C0000005/),
      c0000142: realLine(/\[alert\] \d+#\d+: worker process \d+ exited with code C0000142/),
      couldNotRespawn: realLine(/\[alert\] \d+#\d+: could not respawn worker$/),
      timeout: realLine(/upstream timed out \(10060: .* while reading response header from upstream.*"POST \/api\/employee\/login HTTP\/1\.1".*referrer/),
      inUse: realLine(/\[emerg\] \d+#\d+: bind\(\) to \S+ failed \(10048: /),
      forbidden: realLine(/\[emerg\] \d+#\d+: bind\(\) to \S+ failed \(10013: /),
      createDirectory: realLine(/CreateDirectory\(\) "[A-Z]:\\[^"]*\/temp\/client_body_temp" failed \(3: /),
    };
    for (const kind of Object.keys(real)) {
      const [o, r] = [ours[kind], real[kind]];
      expect(o, kind).toBeDefined();
      expect(shape(o), kind).toEqual(shape(r));
      expect(o.tid, kind).not.toBe(o.pid);
      expect(o.errno, kind).toEqual(r.errno);
      for (const e of [o, r]) if (/"[^"]*"/.test(e.message)) expect(e.message, kind).toMatch(WINDOWS_PATH);
    }
  });
});

test('Linux profile: the refused pair comes at once, in the same second, and so does the 502', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const { status, ms, lines } = await sendStamped(p, login());
  expect(status).toBe(502);
  // No wait of Windows' kind (2 s per refused connect) anywhere: what is left is the machine's own pace.
  expect(ms).toBeLessThan(DEFAULT_WINDOWS_REFUSED_DELAY_MS);
  expect(lines).toHaveLength(2);
  expect(lines[1].t - lines[0].t).toBeLessThan(DEFAULT_WINDOWS_REFUSED_DELAY_MS / 2);
  const pair = lines.map((l) => l.entry);
  expect(pair.map((e) => e.errno)).toEqual([{ code: 111, text: 'Connection refused' }, { code: 111, text: 'Connection refused' }]);
  expect(pair[0].tid).toBe(pair[0].pid);
});

test('Linux: a static name is matched with its case, /INDEX.HTML is a 404 (Windows serves index.html)', async ({ startProxy }) => {
  const p = await startProxy();
  expect((await p.send(get('/index.html', p.port))).status).toBe(200);
  expect((await p.send(get('/INDEX.HTML', p.port))).status).toBe(404);
  expect(p.requestLog()).toEqual([expect.stringContaining('open() "PREFIX/html/INDEX.HTML" failed (2: No such file or directory)')]);
});
