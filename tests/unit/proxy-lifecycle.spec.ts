// `harness proxy` started, signalled and stopped as nginx's own test suite (Test::Nginx) and users
// do it, side by side with real nginx on the same conf: the pid file means "accepting", `-s`
// reaches the running master, and a prefix without logs/ is no crash.
import { test, expect } from '@playwright/test';
import { execa, type ResultPromise } from 'execa';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { repoRoot } from '../../harness/paths.js';
import { findNginx } from '../../harness/nginx/engine.js';
import { freePort } from '../support/ports.js';

const NGINX = findNginx();
const BINARIES = ['nginx', 'harness'] as const;
type Binary = (typeof BINARIES)[number];

function spawn(binary: Binary, args: string[]): ResultPromise<{ reject: false }> {
  return binary === 'nginx' ? execa(NGINX!, args, { reject: false }) : execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'proxy', '--os', 'linux', ...args], { reject: false });
}

/** Resolves once `file` exists, or rejects if the process ends first. */
async function appears(file: string, child: ResultPromise<{ reject: false }>): Promise<void> {
  let ended = false;
  void child.finally(() => (ended = true));
  while (!existsSync(file)) {
    if (ended) throw new Error(`exited before ${file} appeared:\n${(await child).stderr}`);
    await turn();
  }
}

/** One connect: whether it was accepted (true) or refused. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });

async function get(port: number): Promise<string | undefined> {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/`)).text();
  } catch {
    return undefined;
  }
}

/** The session a process leads or is in (/proc/PID/stat), or undefined once it has exited (a zombie too). */
function sessionOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ');
    return fields[0] === 'Z' ? undefined : Number(fields[3]);
  } catch {
    return undefined;
  }
}

/** Stops a child that may still run, on every path out of a test. */
async function end(child: ResultPromise<{ reject: false }>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await child;
}

test.describe('harness proxy and nginx, started and stopped the same way', () => {
  test.skip(!NGINX, 'needs real nginx to compare with');

  /** A daemon a test started: stopped after the test whatever happened (a timeout skips the rest of its body). */
  let daemonPidFile: string | undefined;
  test.afterEach(() => {
    const file = daemonPidFile;
    daemonPidFile = undefined;
    const pid = file && existsSync(file) ? Number(readFileSync(file, 'latin1').trim()) : undefined;
    if (pid && sessionOf(pid) !== undefined) process.kill(pid, 'SIGTERM');
  });

  for (const binary of BINARIES) {
    test(`${binary}: as Test::Nginx starts it, the moment the pid file appears every listen socket accepts`, async ({}, testInfo) => {
      for (let round = 0; round < 3; round++) {
        const dir = testInfo.outputPath(`round-${round}`);
        mkdirSync(dir, { recursive: true });
        const [a, b] = [await freePort(), await freePort()];
        writeFileSync(join(dir, 'nginx.conf'), `daemon off;\nevents {}\nhttp {\n    access_log off;\n    client_body_temp_path ${dir}/client_body_temp;\n    proxy_temp_path ${dir}/proxy_temp;\n    fastcgi_temp_path ${dir}/fastcgi_temp;\n    uwsgi_temp_path ${dir}/uwsgi_temp;\n    scgi_temp_path ${dir}/scgi_temp;\n    server { listen 127.0.0.1:${a}; listen 127.0.0.1:${b}; return 200 "ok"; }\n}\n`);
        const pid = join(dir, 'nginx.pid');
        const child = spawn(binary, ['-p', `${dir}/`, '-c', 'nginx.conf', '-e', 'error.log', '-g', `pid ${pid}; error_log ${dir}/error.log debug;`]);
        try {
          await appears(pid, child);
          expect([await connects(a), await connects(b)], `round ${round}`).toEqual([true, true]);
          // Test::Nginx's stop: QUIT, then it waits.
          child.kill('SIGQUIT');
          expect((await child).exitCode).toBe(0);
          expect(existsSync(pid)).toBe(false);
        } finally {
          await end(child);
        }
      }
    });

    test(`${binary}: -s reload reads the changed conf, -s quit stops the master`, async ({}, testInfo) => {
      const dir = testInfo.outputPath();
      for (const d of ['conf', 'logs', 'temp']) mkdirSync(join(dir, d), { recursive: true });
      const port = await freePort();
      const conf = (text: string) => writeFileSync(join(dir, 'conf', 'nginx.conf'), `pid logs/nginx.pid;\nevents {}\nhttp { server { listen 127.0.0.1:${port}; return 200 "${text}"; } }\n`);
      conf('one');
      const flags = ['-p', `${dir}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log'];
      const child = spawn(binary, [...flags, '-g', 'daemon off;']);
      try {
        await appears(join(dir, 'logs', 'nginx.pid'), child);
        expect(await get(port)).toBe('one');
        conf('two');
        const reload = await spawn(binary, [...flags, '-s', 'reload']);
        expect({ code: reload.exitCode, stderr: reload.stderr }).toEqual({ code: 0, stderr: '' });
        // The old workers may answer until the new ones serve: the test's timeout is the bound.
        while ((await get(port)) !== 'two') await turn();
        const quit = await spawn(binary, [...flags, '-s', 'quit']);
        expect(quit.exitCode).toBe(0);
        expect((await child).exitCode).toBe(0);
        expect(await connects(port)).toBe(false);
      } finally {
        await end(child);
      }
    });
  }

  for (const binary of BINARIES) {
    test(`${binary}: daemon on, nginx's default: the command exits 0, its daemon (the pid file's, a session of its own) serves; a second start says the port is busy; -s stop ends it`, async ({}, testInfo) => {
      const dir = testInfo.outputPath('prefix');
      for (const d of ['conf', 'logs', 'temp']) mkdirSync(join(dir, d), { recursive: true });
      const port = await freePort();
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((m) => `${m}_temp_path temp/${m};`).join(' ');
      writeFileSync(join(dir, 'conf', 'nginx.conf'), `pid logs/nginx.pid;\nerror_log logs/error.log;\nevents {}\nhttp { ${temp} access_log off; server { listen 127.0.0.1:${port}; return 200 "ok"; } }\n`);
      const args = ['-p', `${dir}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log'];
      const pidFile = (daemonPidFile = join(dir, 'logs', 'nginx.pid'));
      const first = await spawn(binary, args);
      expect(first.exitCode, first.stderr).toBe(0);
      // nginx's parent exits once it has forked; the daemon writes the pid file.
      while (!existsSync(pidFile)) await turn();
      const pid = Number(readFileSync(pidFile, 'latin1').trim());
      expect(sessionOf(pid), 'the daemon leads a session of its own').toBe(pid);
      expect(await get(port)).toBe('ok');
      const second = await spawn(binary, args);
      expect(second.exitCode).toBe(1);
      const busy = `nginx: [emerg] bind() to 127.0.0.1:${port} failed (98: Address already in use)`;
      expect(second.stderr.split('\n')).toEqual([busy, busy, busy, busy, busy, 'nginx: [emerg] still could not bind()']);
      expect((await spawn(binary, [...args, '-s', 'stop'])).exitCode).toBe(0);
      while (sessionOf(pid) !== undefined) await turn();
      expect(await connects(port)).toBe(false);
    });
  }

  test('a prefix without logs/: nginx\'s alert for the start-up log, then it serves; the harness adds only its control file, beside the pid file', async ({}, testInfo) => {
    const files: Record<Binary, string[]> = { nginx: [], harness: [] };
    const stderr: Record<Binary, string> = { nginx: '', harness: '' };
    for (const binary of BINARIES) {
      const dir = testInfo.outputPath(binary);
      for (const d of ['conf', 'run', 'temp']) mkdirSync(join(dir, d), { recursive: true });
      const port = await freePort();
      // Every path the conf can name is in run/ (the temp folders' defaults differ between the builds).
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((m) => `${m}_temp_path run/${m}_temp;`).join(' ');
      writeFileSync(join(dir, 'conf', 'nginx.conf'), `pid run/nginx.pid;\nerror_log run/error.log;\nevents {}\nhttp { ${temp} access_log run/access.log; server { listen 127.0.0.1:${port}; return 200 "ok"; } }\n`);
      const child = spawn(binary, ['-p', `${dir}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log', '-g', 'daemon off;']);
      try {
        await appears(join(dir, 'run', 'nginx.pid'), child);
        // The harness's control file comes once the engine serves.
        if (binary === 'harness') await appears(join(dir, 'run', 'harness-control.json'), child);
        expect(await get(port)).toBe('ok');
        files[binary] = readdirSync(dir, { recursive: true }).map(String).sort();
        child.kill('SIGQUIT');
        const r = await child;
        expect(r.exitCode).toBe(0);
        stderr[binary] = r.stderr.replaceAll(dir, 'DIR');
      } finally {
        await end(child);
      }
    }
    expect(stderr.harness).toBe(stderr.nginx);
    expect(stderr.nginx).toBe('nginx: [alert] could not open error log file: open() "DIR/logs/error.log" failed (2: No such file or directory)');
    expect(files.harness).toEqual([...files.nginx, join('run', 'harness-control.json')].sort());
    expect(files.harness).not.toContain('logs');
    expect(files.harness).toContain(join('run', 'client_body_temp'));
  });

  test('a prefix without logs/ and a conf that puts the pid file there: the same [emerg], exit 1, nothing left listening', async ({}, testInfo) => {
    const got: Record<Binary, { code?: number; stderr: string }> = {} as never;
    for (const binary of BINARIES) {
      const dir = testInfo.outputPath(binary);
      for (const d of ['conf', 'run', 'temp']) mkdirSync(join(dir, d), { recursive: true });
      const port = await freePort();
      // The pid file's default is the Windows build's (the engine's), not this nginx's build's.
      writeFileSync(join(dir, 'conf', 'nginx.conf'), `pid logs/nginx.pid;\nerror_log run/error.log;\nevents {}\nhttp { access_log run/access.log; server { listen 127.0.0.1:${port}; } }\n`);
      const r = await spawn(binary, ['-p', `${dir}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log', '-g', 'daemon off;']);
      got[binary] = { code: r.exitCode, stderr: r.stderr.replaceAll(dir, 'DIR') };
      expect(await connects(port)).toBe(false);
    }
    expect(got.harness).toEqual(got.nginx);
    expect(got.nginx.stderr).toContain('nginx: [emerg] open() "DIR/logs/nginx.pid" failed (2: No such file or directory)');
  });
});
