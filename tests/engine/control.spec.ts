// The embedded master's own control channel, as `harness proxy` serves it: its address and token in
// logs/harness-control.json, the token required, its calls, and what it answers to bad input.
import net from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { request } from 'undici';
import { test, expect } from '../fixtures.js';
import { conformanceConf } from '../support/proxy-under-test.js';
import { get, send } from '../support/raw-http.js';
import { alive } from '../support/processes.js';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { distFile } from '../../harness/paths.js';
import { waitForHttp } from '../../harness/engine/ready.js';
import type { ControlInfo } from '../../harness/embedded/master/command-channel.js';
import { freePort } from '../support/ports.js';

test.skip(({ engine }) => engine === 'nginx', 'the embedded master\'s control channel');

interface Running {
  child: ResultPromise;
  prefix: string;
  port: number;
  /** What the master wrote to stderr. */
  stderr: () => string;
  call(method: string, path: string, body?: string, token?: string): Promise<{ status: number; json: Record<string, unknown> }>;
  status(): Promise<{ workers: { pid: number }[]; spare: number | null; pid: number; os: string }>;
  errorLog(): string[];
}

async function harnessProxy(dir: string, o: { os: 'linux' | 'windows'; workers: number }): Promise<Running> {
  const port = await freePort();
  const prefix = join(dir, 'prefix');
  preparePrefix({ prefix, conf: { text: conformanceConf({ workers: o.workers, errorLogLevel: 'notice', main: 'daemon off;' }, port, await freePort()) } });
  writeFileSync(join(prefix, 'html', 'x'), 'hello\n');
  const child = execa(process.execPath, [distFile('harness/cli.js'), 'proxy', '-p', prefix, '--os', o.os], { reject: false, buffer: false });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const file = join(prefix, 'logs', 'harness-control.json');
  await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
  await waitForHttp(`http://127.0.0.1:${port}/`);
  const info = JSON.parse(readFileSync(file, 'utf8')) as ControlInfo;
  const call = async (method: string, path: string, body?: string, token = info.token) => {
    const r = await request(info.url + path, { method: method as 'GET', headers: token ? { 'x-harness-token': token } : {}, body });
    return { status: r.statusCode, json: (await r.body.json()) as Record<string, unknown> };
  };
  return {
    child,
    prefix,
    port,
    stderr: () => stderr,
    call,
    status: async () => (await call('GET', '/status')).json as never,
    errorLog: () => readFileSync(join(prefix, 'logs', 'error.log'), 'latin1').split(/\r?\n/).filter(Boolean),
  };
}

async function stop(r: Running): Promise<void> {
  r.child.kill('SIGTERM');
  await r.child;
}

test('the token is required; the calls and their answers to bad input', async ({}, testInfo) => {
  const r = await harnessProxy(testInfo.outputPath('p'), { os: 'linux', workers: 2 });
  try {
    expect((await r.call('GET', '/status', undefined, '')).status).toBe(401);
    expect((await r.call('GET', '/status', undefined, 'x'.repeat(48))).status).toBe(401);
    const s = await r.status();
    expect(s).toMatchObject({ pid: r.child.pid, os: 'linux', respawnFails: false });
    expect(s.workers).toHaveLength(2);
    const unknown = await r.call('GET', '/nope');
    expect(unknown).toEqual({ status: 404, json: { error: 'unknown control call GET /nope; the calls are: GET /status, POST /workers/crash, POST /respawn/fail, POST /restore' } });
    expect((await r.call('PUT', '/restore', '{}')).status).toBe(404);

    const bad: [string, number, RegExp][] = [
      ['not json', 400, /^the body is not JSON \(.+\): send a JSON object, e\.g\. \{"signal":"SIGSEGV"\}$/],
      ['[1]', 400, /^the body must be a JSON object, e\.g\. \{"signal":"SIGSEGV"\}, not an array$/],
      ['null', 400, /^the body must be a JSON object, e\.g\. \{"signal":"SIGSEGV"\}, not null$/],
      ['9', 400, /^the body must be a JSON object, e\.g\. \{"signal":"SIGSEGV"\}, not the number 9$/],
      ['{"signal":9}', 400, /^unknown signal 9: give a signal name/],
      ['{"signal":"SIGFOO"}', 400, /^unknown signal "SIGFOO": give a signal name that ends a process, e\.g\. SIGSEGV/],
      ['{"signal":"SIGSTOP"}', 400, /^SIGSTOP does not end a worker/],
      ['{"code":"C0000005"}', 400, /^exit code "C0000005" cannot be shown by the linux profile: give a decimal exit code 0-255/],
      ['{"code":256}', 400, /^exit code 256 cannot be shown/],
      ['{"signal":"SIGSEGV","code":1}', 400, /^give a signal or an exit code, not both$/],
      ['{"pid":"abc"}', 400, /^pid "abc" is not a process id/],
      ['{"pid":1}', 409, /^no worker process 1; the workers are: \d+, \d+$/],
    ];
    for (const [body, status, error] of bad) {
      const a = await r.call('POST', '/workers/crash', body);
      expect(a.status, body).toBe(status);
      expect(String(a.json.error), body).toMatch(error);
    }
    expect((await r.call('POST', '/respawn/fail', '{"on":"yes"}')).json).toEqual({ error: '"on" must be true or false (got "yes")' });
    // Nothing was crashed by the refused calls.
    expect((await r.status()).workers.map((w) => w.pid)).toEqual(s.workers.map((w) => w.pid));

    // A crash is answered once the worker is gone; two at once end two different workers.
    const [a, b] = await Promise.all([r.call('POST', '/workers/crash', '{"signal":"SIGKILL"}'), r.call('POST', '/workers/crash', '')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.crashed, b.json.crashed].sort()).toEqual(s.workers.map((w) => w.pid).sort());
    for (const pid of [a.json.crashed, b.json.crashed] as number[]) expect(alive(pid)).toBe(false);
    expect(r.errorLog()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`\\[alert\\] \\d+#\\d+: worker process ${a.json.crashed} exited on signal 9$`))]));
    expect((await send(r.port, get('/x', r.port))).status).toBe(200);
  } finally {
    await stop(r);
  }
});

test('a foreign Host (DNS rebinding) or Origin is refused even with the token, as on harness up\'s channel; nothing is crashed', async ({}, testInfo) => {
  const r = await harnessProxy(testInfo.outputPath('p'), { os: 'linux', workers: 1 });
  try {
    const info = JSON.parse(readFileSync(join(r.prefix, 'logs', 'harness-control.json'), 'utf8')) as ControlInfo;
    const port = Number(new URL(info.url).port);
    const before = (await r.status()).workers;
    const asked = async (headers: Record<string, string>) => {
      const a = await request(`${info.url}/workers/crash`, { method: 'POST', headers: { 'x-harness-token': info.token, ...headers }, body: '{}' });
      return { status: a.statusCode, error: String(((await a.body.json()) as { error?: string }).error) };
    };
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1:${port + 1}`]) {
      expect(await asked({ host }), host).toEqual({ status: 403, error: `refused: the Host ${JSON.stringify(host)} is not this control channel's (127.0.0.1:${port}). Call it at the address in the control file, ${join(r.prefix, 'logs', 'harness-control.json')} (a new one at every start).` });
    }
    for (const origin of ['http://attacker.example', `http://127.0.0.1:${r.port}`, 'null']) {
      expect((await asked({ origin })).status, origin).toBe(403);
    }
    expect((await asked({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await r.status()).workers).toEqual(before);
    expect((await asked({ host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
  } finally {
    await stop(r);
  }
});

test('Windows profile: a crash by signal or by code is reported as Windows would; a code that is no NTSTATUS is refused', async ({}, testInfo) => {
  const r = await harnessProxy(testInfo.outputPath('p'), { os: 'windows', workers: 1 });
  try {
    expect((await r.call('POST', '/workers/crash', '{"code":"zz"}')).json.error).toMatch(/^exit code "zz" is not a Windows exit status: give up to 8 hex digits, e\.g\. C0000005/);
    const killed = (await r.call('POST', '/workers/crash', '{"signal":"SIGKILL"}')).json.crashed;
    const coded = (await r.call('POST', '/workers/crash', '{"code":"c0000409"}')).json.crashed;
    const exits = r.errorLog().filter((l) => l.includes('exited with code'));
    expect(exits.map((l) => l.replace(/^.*\] \d+#\d+: /, ''))).toEqual([`worker process ${killed} exited with code 1`, `worker process ${coded} exited with code C0000409`]);
  } finally {
    await stop(r);
  }
});

test('a restore that cannot bind answers 409 with the reason; the master keeps running, and a later restore works', async ({}, testInfo) => {
  const r = await harnessProxy(testInfo.outputPath('p'), { os: 'windows', workers: 2 });
  let holder: net.Server | undefined;
  try {
    expect((await r.call('POST', '/respawn/fail')).json).toEqual({ respawnFails: true });
    for (let i = 0; i < 2; i++) expect((await r.call('POST', '/workers/crash')).status).toBe(200);
    // No worker left: Windows nginx's master has closed its sockets, and something else takes the port.
    await expect.poll(() => send(r.port, get('/x', r.port), { timeoutMs: 1000 }).then(() => 'answered', (e: NodeJS.ErrnoException) => e.code)).toBe('ECONNREFUSED');
    holder = net.createServer();
    await new Promise<void>((ok) => holder!.listen({ host: '127.0.0.1', port: r.port }, ok));
    const stderrBefore = r.stderr();
    const from = r.errorLog().length;
    const restore = await r.call('POST', '/restore');
    const bind = `bind() to 127.0.0.1:${r.port} failed (10048: Only one usage of each socket address (protocol/network address/port) is normally permitted)`;
    expect(restore).toEqual({ status: 409, json: { error: `the listening sockets could not be opened again: still could not bind(): ${bind}. Free the port and restore again.` } });
    const lines = r.errorLog().slice(from).map((l) => l.replace(/^.*\[(\w+)\] \d+#\d+: /, '[$1] '));
    expect(lines.filter((l) => l.startsWith('[emerg]'))).toEqual([...Array(5).fill(`[emerg] ${bind}`), '[emerg] still could not bind()']);
    // A running master writes no `nginx: [emerg]` to stderr, and is still there, its files too.
    expect(r.stderr()).toBe(stderrBefore);
    expect(alive(r.child.pid!)).toBe(true);
    expect(existsSync(join(r.prefix, 'logs', 'nginx.pid'))).toBe(true);
    expect((await r.status()).workers).toEqual([]);
    await new Promise((ok) => holder!.close(ok));
    holder = undefined;
    const again = await r.call('POST', '/restore');
    expect(again.status).toBe(200);
    expect((await send(r.port, get('/x', r.port))).status).toBe(200);
  } finally {
    holder?.close();
    await stop(r);
  }
  expect((await r.child).exitCode).toBe(0);
  expect(existsSync(join(r.prefix, 'logs', 'nginx.pid'))).toBe(false);
  expect(existsSync(join(r.prefix, 'logs', 'harness-control.json'))).toBe(false);
});
