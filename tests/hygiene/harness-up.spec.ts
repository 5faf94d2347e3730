// `harness up` exits only once everything it started has exited and been reaped: after Ctrl-C or
// SIGTERM, a failed start, a bad flag, a signal during the start; after SIGKILL (which it cannot
// catch) its children end by themselves; no port is held after any of these. A foreign process on
// a port is named, never killed; every listener is on loopback; the control channel wants its token.
// What a command started is watched from its own process group (processes.ts watchProcesses), so
// that a child that outlives it is seen even once re-parented.
import net from 'node:net';
import { execa } from 'execa';
import { request } from 'undici';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { distFile } from '../../harness/paths.js';
import { canBind } from '../../harness/ports.js';
import { canUnshareMounts } from '../../harness/platform.js';
import { alive, descendants, listeningAddresses } from '../support/processes.js';
import { harnessUp, runHarness, whenOutput } from '../support/harness-up.js';
import { heldByPattern, freePort } from '../support/ports.js';
import { userLine } from '../support/proxy-under-test.js';

async function expectAllGone(pids: number[], ports: number[]): Promise<void> {
  await expect.poll(() => pids.filter(alive), { timeout: 10_000 }).toEqual([]);
  for (const p of ports) {
    expect(await canBind('127.0.0.1', p)).toEqual({ ok: true });
    expect(await canBind('::1', p)).toEqual({ ok: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
  test(`harness up stopped by ${signal}: no process of ours left, no port held`, async ({ engine }, testInfo) => {
    const up = await harnessUp(engine, testInfo.outputPath('up'));
    const tree = [up.child.pid!, ...descendants(up.child.pid!)];
    expect(tree.length).toBeGreaterThanOrEqual(2); // harness (the embedded master too), and nginx or the workers
    up.child.kill(signal);
    await up.child;
    // Caught, the signal stops the stack before the command ends; after SIGKILL the children notice
    // their parent is gone (IPC channel, parent-death signal) and exit by themselves.
    if (signal !== 'SIGKILL') expect(up.left()).toEqual([]);
    await expectAllGone(tree, [up.port, up.adminPort]);
    if (signal !== 'SIGKILL') expect(up.output.join('\n')).toContain('nothing of the stack is left running');
  });
}

test('npx harness up whose npx alone is signalled (as task runners, timeout and IDEs do): it notices and stops everything', async ({ engine }, testInfo) => {
  const up = await harnessUp(engine, testInfo.outputPath('up'), [], undefined, { via: 'npx' });
  const tree = [up.child.pid!, ...descendants(up.child.pid!)];
  expect(tree.length).toBeGreaterThanOrEqual(4); // npm exec, sh, node (harness up), nginx or the workers
  up.child.kill('SIGTERM');
  await up.child;
  await expectAllGone(tree, [up.port, up.adminPort]);
  await expect.poll(() => up.output.join('\n')).toMatch(/stopping \(the parent process \(pid \d+\) is gone\)[^]*nothing of the stack is left running/);
  expect(existsSync(join(up.prefix, 'state.json'))).toBe(false);
});

test('harness up | tee, then Ctrl-C (tee gone too): the stop still completes', async ({ engine }, testInfo) => {
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  const tree = [up.child.pid!, ...descendants(up.child.pid!)];
  // The reader of both pipes goes away, as tee does on Ctrl-C: every later write gets EPIPE.
  up.child.stdout!.destroy();
  up.child.stderr!.destroy();
  up.child.kill('SIGINT');
  const r = await up.child;
  expect(r.exitCode).toBe(130);
  expect(up.left()).toEqual([]);
  await expectAllGone(tree, [up.port, up.adminPort]);
  expect(existsSync(join(up.prefix, 'state.json'))).toBe(false);
});

test('a failed start (missing temp dir for the proxy) leaves nothing behind', async ({ engine }, testInfo) => {
  const port = await freePort();
  const adminPort = await freePort();
  // A user's conf whose temp path has no parent: the proxy cannot start.
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `events {}\nhttp {\n  client_body_temp_path nonexist/client_body_temp;\n  server { listen 127.0.0.1:${port}; location /api/ { proxy_pass http://localhost:${adminPort}/admin/; } }\n}\n`);
  const r = await runHarness(['up', '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain('nginx: [emerg] mkdir()');
  expect(r.all).toContain('What to do:');
  expect(r.left).toEqual([]);
  expect(await canBind('127.0.0.1', port)).toEqual({ ok: true });
  expect(await canBind('127.0.0.1', adminPort)).toEqual({ ok: true });
});

test('a proxy that could not listen where a browser dials is a failed start, not "ready"', async ({ engine }, testInfo) => {
  // A conf that listens on the admin server's port: whichever of the two gets the port, the other
  // cannot have it, and what answers there is not the proxy (once reported "ready", then served 404s).
  const adminPort = await freePort();
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `events {}\nhttp {\n  server { listen 127.0.0.1:${adminPort}; listen [::1]:${adminPort}; location /api/ { proxy_pass http://localhost:${adminPort}/admin/; } }\n}\n`);
  const r = await runHarness(['up', '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine]);
  expect(r.exitCode).toBe(1);
  expect(r.all).not.toContain('the stack is ready');
  expect(r.all).not.toMatch(/^\s+at /m);
  expect(r.all).toMatch(/was answered, but not by the proxy|the admin stand-in could not listen: port \d+ on (127\.0\.0\.1|::1) is in use by (pid|another process)|bind\(\) to .* failed \(98: Address already in use\)/);
  expect(r.left).toEqual([]);
  expect(await canBind('127.0.0.1', adminPort)).toEqual({ ok: true });
  expect(await canBind('::1', adminPort)).toEqual({ ok: true });
});

test('a port held by a foreign process is named, and the process is left alone', async ({ engine }, testInfo) => {
  const foreign = net.createServer();
  await new Promise<void>((r) => foreign.listen({ host: '127.0.0.1', port: 0 }, r));
  const port = (foreign.address() as net.AddressInfo).port;
  try {
    const r = await execa(process.execPath, [distFile('harness/cli.js'), 'up', '--port', String(port), '--admin-port', String(await freePort()), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine], { reject: false, all: true });
    expect(r.exitCode).toBe(1);
    expect(r.all).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is ${heldByPattern(process.pid)}`));
    expect(foreign.listening).toBe(true);
  } finally {
    foreign.close();
  }
});

test('--admin external with nothing on the admin port: a note per loopback, each written as a URL writes it', async ({ engine }, testInfo) => {
  const up = await harnessUp(engine, testInfo.outputPath('up'), ['--admin', 'external']);
  try {
    const notes = up.output.filter((l) => l.includes('nothing listens on'));
    expect(notes.map((l) => l.replace(/^harness \| /, ''))).toEqual([
      `nothing listens on 127.0.0.1:${up.adminPort}: with --admin external, start your own admin server there.`,
      `nothing listens on [::1]:${up.adminPort}: with --admin external, start your own admin server there.`,
    ]);
  } finally {
    up.child.kill('SIGTERM');
    await up.child;
  }
});

test('every listener of the stack is on loopback, and the control channel wants its token', async ({ engine }, testInfo) => {
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  try {
    const pids = [up.child.pid!, ...descendants(up.child.pid!)];
    const addresses = pids.flatMap(listeningAddresses);
    expect(addresses.length).toBeGreaterThanOrEqual(4);
    for (const a of addresses) expect(a).toMatch(/^(127\.0\.0\.1|\[::1\]):\d+$/);
    const state = JSON.parse(readFileSync(join(up.prefix, 'state.json'), 'utf8')) as { control: { url: string; token: string } };
    const none = await request(state.control.url + '/restore', { method: 'POST' });
    expect(none.statusCode).toBe(401);
    await none.body.dump();
    const wrong = await request(state.control.url + '/restore', { method: 'POST', headers: { 'x-harness-token': 'x'.repeat(state.control.token.length) } });
    expect(wrong.statusCode).toBe(401);
    await wrong.body.dump();
    const right = await request(state.control.url + '/restore', { method: 'POST', headers: { 'x-harness-token': state.control.token } });
    expect(right.statusCode).toBe(200);
    await right.body.dump();
  } finally {
    up.child.kill('SIGTERM');
    await up.child;
  }
});

/** A user's conf whose server listens on 0.0.0.0:PORT and [::]:PORT (then `after`), and the lines of both listens and of `after`. */
function wildcardConf(file: string, port: number, after = ''): { v4: number; v6: number; after: number } {
  const lines = [...userLine().split('\n').filter(Boolean), 'events {}', 'http {', '  server {', `    listen 0.0.0.0:${port};`, `    listen [::]:${port};`, '    location / { root html; }', '  }', after, '}'];
  writeFileSync(file, lines.join('\n') + '\n');
  return { v4: lines.indexOf(`    listen 0.0.0.0:${port};`) + 1, v6: lines.indexOf(`    listen [::]:${port};`) + 1, after: lines.indexOf(after) + 1 };
}

/** The addresses the stack's processes listen on at `port` (a socket the master and its workers share, once). */
function listeningOn(pid: number, port: number): string[] {
  return [...new Set([pid, ...descendants(pid)].flatMap(listeningAddresses))].filter((a) => a.endsWith(`:${port}`)).sort();
}

test("a user's conf listening on 0.0.0.0 and [::]: each listen named with its line and what it would expose, and bound on loopback only", async ({ engine }, testInfo) => {
  const port = await freePort();
  const conf = testInfo.outputPath('nginx.conf');
  const line = wildcardConf(conf, port);
  const up = await harnessUp(engine, testInfo.outputPath('up'), ['--nginx-conf', conf]);
  try {
    const out = up.output.join('\n');
    expect(out).toContain(`${conf}:${line.v4}: "listen 0.0.0.0:${port}" would bind port ${port} on every IPv4 address of this machine (0.0.0.0:${port}), open to the network; the stack binds 127.0.0.1:${port} only (--bind-any binds it as written).`);
    expect(out).toContain(`${conf}:${line.v6}: "listen [::]:${port}" would bind port ${port} on every IPv6 address of this machine ([::]:${port}), open to the network; the stack binds [::1]:${port} only (--bind-any binds it as written).`);
    expect(listeningOn(up.child.pid!, port)).toEqual([`127.0.0.1:${port}`, `[::1]:${port}`]);
  } finally {
    up.child.kill('SIGTERM');
    await up.child;
  }
});

test("a user's conf with a wildcard listen keeps its line numbers: the [emerg] names the user's file and line", async ({ engine }, testInfo) => {
  const conf = testInfo.outputPath('nginx.conf');
  const line = wildcardConf(conf, await freePort(), '  no_such_directive on;');
  const r = await runHarness(['up', '--proxy', engine, '--nginx-conf', conf, '--admin-port', String(await freePort()), '--prefix', testInfo.outputPath('prefix')]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`nginx: [emerg] unknown directive "no_such_directive" in ${conf}:${line.after}`);
  expect(r.all).not.toContain(testInfo.outputPath('prefix', 'conf', 'nginx.conf'));
  expect(r.left).toEqual([]);
});

test("a wildcard listen in a file the conf includes: real nginx would read it as written, so the start is refused with the file, the line and the fix", async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'nginx', 'the embedded engine binds every listen itself, on loopback (the test above)');
  const port = await freePort();
  const site = testInfo.outputPath('site.conf');
  writeFileSync(site, `server {\n    listen ${port};\n}\n`);
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `${userLine()}events {}\nhttp {\n  include ${site};\n}\n`);
  const r = await runHarness(['up', '--proxy', engine, '--nginx-conf', conf, '--admin-port', String(await freePort()), '--prefix', testInfo.outputPath('prefix')]);
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain(`harness: ${site}:2: "listen ${port}" would bind port ${port} on every IPv4 address of this machine (0.0.0.0:${port}), open to the network.`);
  expect(r.all).toContain(`write 127.0.0.1:${port} there, or pass --bind-any to bind it as written.`);
  expect(r.left).toEqual([]);
});

test('--bind-any: the wildcard listens bound as written, and said so (in a network namespace of its own: nothing is exposed)', async ({ engine }, testInfo) => {
  testInfo.skip(!canUnshareMounts(), 'the test binds every interface only inside a network namespace of its own, which needs root and unshare');
  const port = await freePort();
  const conf = testInfo.outputPath('nginx.conf');
  const line = wildcardConf(conf, port);
  const inOwnNetwork = ['unshare', '--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh'];
  const up = await harnessUp(engine, testInfo.outputPath('up'), ['--nginx-conf', conf, '--bind-any'], undefined, { under: inOwnNetwork });
  try {
    expect(up.output.join('\n')).toContain(`${conf}:${line.v4}: "listen 0.0.0.0:${port}" would bind port ${port} on every IPv4 address of this machine (0.0.0.0:${port}), open to the network: it is bound as written, as --bind-any asks, and other machines can reach it.`);
    expect(listeningOn(up.child.pid!, port)).toEqual([`0.0.0.0:${port}`, `[::]:${port}`]);
  } finally {
    up.child.kill('SIGTERM');
    await up.child;
  }
});

test('a worker pre-booted for a command that then fails (a bad flag value) has exited when the command ends', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the pre-booted worker is the embedded engine\'s');
  // The worker is forked before yargs has read `--port abc`.
  let booted = false;
  const r = await runHarness(['up', '--port', 'abc', '--prefix', testInfo.outputPath('prefix')], {
    started: (child) => {
      const look = setInterval(() => (booted ||= descendants(child.pid!).length > 0), 5);
      void child.finally(() => clearInterval(look));
    },
  });
  expect(r.exitCode).toBe(2);
  expect(r.all).toContain('harness: --port abc: a port is a whole number from 1 to 65535.');
  expect(booted).toBe(true);
  expect(r.left).toEqual([]);
});

test('harness up signalled while the CLI loads (its pre-booted worker just forked): the command stops all it started, then ends', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the pre-booted worker is the embedded engine\'s');
  const r = await runHarness(['up', '--port', String(await freePort()), '--admin-port', String(await freePort()), '--prefix', testInfo.outputPath('prefix')], {
    started: (child) => {
      const look = setInterval(() => descendants(child.pid!).length && (clearInterval(look), child.kill('SIGTERM')), 2);
      void child.finally(() => clearInterval(look));
    },
  });
  // The CLI listens from its start: `up` hears the signal as soon as it listens, and stops.
  expect(r.all).toMatch(/SIGTERM: stopping the start\.\.\.|stopping \(SIGTERM\)/);
  // As a shell reports a command a signal ended: `harness up && …` does not carry on.
  expect(r.exitCode).toBe(143);
  expect(r.all).not.toMatch(/^\s+at /m);
  expect(r.left).toEqual([]);
});

test('harness up signalled while its proxy retries a busy port: the start ends at once, then everything it started, then the command', async ({ engine }, testInfo) => {
  const foreign = net.createServer();
  await new Promise<void>((r) => foreign.listen({ host: '127.0.0.1', port: 0 }, r));
  const port = (foreign.address() as net.AddressInfo).port;
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `${userLine()}events {}\nhttp {\n  server { listen 127.0.0.1:${port}; }\n}\n`);
  try {
    let signalled = 0;
    const r = await runHarness(['up', '--nginx-conf', conf, '--admin-port', String(await freePort()), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine], {
      // nginx's bind() is tried five times, 500 ms apart: the first failure is the middle of the start.
      started: (child, output) => void whenOutput(child, output, 'Address already in use').then(() => ((signalled = performance.now()), child.kill('SIGTERM')), () => undefined),
    });
    const ms = performance.now() - signalled;
    expect(r.all).toContain('SIGTERM: stopping the start...');
    expect(r.all).toContain('stopped during the start (SIGTERM); nothing of the stack is left running.');
    expect(r.all).not.toContain('did not start');
    expect(r.exitCode).toBe(143);
    expect(r.left).toEqual([]);
    // Not after the tries that were left (2 s more).
    // Measured 0.5–0.7 s embedded (its master's next try comes within 500 ms), 0.1–0.2 s nginx.
    expect(ms).toBeLessThan(1500);
    expect(foreign.listening).toBe(true);
  } finally {
    foreign.close();
  }
});

test('an admin stand-in whose port is taken after the up-front check: the port named, everything stopped, exit 1', async ({ engine }, testInfo) => {
  testInfo.skip(engine !== 'nginx', 'the embedded master listens in the harness\'s own process too, so the stub\'s listen() is not the fifth');
  const strace = await execa('strace', ['-V'], { reject: false });
  expect(strace.exitCode, 'strace is not installed (npx harness setup installs it)').toBe(0);
  const port = await freePort();
  const adminPort = await freePort();
  // The port "taken meanwhile", at the system call: the harness's first four listen() calls are the
  // up-front checks (the proxy's port and the admin port, each on 127.0.0.1 and ::1); from the fifth,
  // the stand-in's own, every one fails with EADDRINUSE. Real nginx listens in a process of its own, untraced.
  const inject = ['-o', '/dev/null', '-e', 'trace=listen', '-e', 'inject=listen:error=EADDRINUSE:when=5+'];
  const r = await runHarness(['up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', testInfo.outputPath('prefix'), '--proxy', engine], { under: ['strace', ...inject] });
  expect(r.exitCode).toBe(1);
  expect(r.all).not.toMatch(/^\s+at /m);
  expect(r.all).not.toContain('the stack is ready');
  const lines = r.all.split('\n').filter((l) => l.startsWith('harness |'));
  expect(lines).toEqual([
    `harness | the admin stand-in could not listen: port ${adminPort} on ::1 is in use by another process.`,
    'harness |   What to do: choose another --admin-port, or stop what holds the port (the harness never stops a process it did not start).',
    'harness | Everything the harness had started has been stopped.',
  ]);
  expect(r.left).toEqual([]);
  await expectAllGone([], [port, adminPort]);
});
