// `harness proxy` as a drop-in nginx command line: the same arguments given to real nginx and to
// `harness proxy` on the same prefix and conf give the same exit code, stdout and stderr, byte for
// byte; where the two builds differ (-V, -h) what tools read is checked instead.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import { findNginx } from '../../harness/nginx/engine.js';

const NGINX = findNginx();
const HARNESS = [join(repoRoot, 'bin', 'harness.js'), 'proxy'];

/** A prefix with conf/nginx.conf (and an include), logs/ and temp/, as both engines need. */
function prefix(dir: string): string {
  const p = join(dir, 'prefix');
  rmSync(p, { recursive: true, force: true });
  for (const d of ['conf', 'logs', 'temp']) mkdirSync(join(p, d), { recursive: true });
  writeFileSync(join(p, 'conf', 'nginx.conf'), 'pid logs/nginx.pid;\nworker_processes 1;\nevents {}\nhttp {\n    include server.conf;\n}\n');
  writeFileSync(join(p, 'conf', 'server.conf'), '# the one server\nserver { listen 127.0.0.1:1; return 200 "x"; }\n');
  return p;
}

type Binary = 'nginx' | 'harness';

async function run(binary: Binary, p: string, args: string[]) {
  // Both with the same compiled-in error log and conf (the engine's are the Windows build's).
  const conf = args.some((a) => a.startsWith('-c')) ? [] : ['-c', 'conf/nginx.conf'];
  const common = ['-p', `${p}/`, '-e', 'logs/error.log', ...conf, ...args];
  const r = binary === 'nginx' ? await execa(NGINX!, common, { reject: false, encoding: 'buffer' }) : await execa(process.execPath, [...HARNESS, '--os', 'linux', ...common], { reject: false, encoding: 'buffer' });
  return { code: r.exitCode, stdout: Buffer.from(r.stdout).toString('latin1'), stderr: Buffer.from(r.stderr).toString('latin1') };
}

test.describe('harness proxy and nginx, the same command lines', () => {
  test.skip(!NGINX, 'needs real nginx to compare with');

  const cases: [string, string[], (p: string) => void][] = [
    ['-v', ['-v'], () => undefined],
    ['-t', ['-t'], () => undefined],
    ['-t -q', ['-t', '-q'], () => undefined],
    ['-tq, flags run together', ['-tq'], () => undefined],
    ['-T dumps the conf and its include', ['-T'], () => undefined],
    ['-T -q', ['-q', '-T'], () => undefined],
    ['-c given with its value run together', ['-cconf/nginx.conf', '-t'], () => undefined],
    ['-g: a directive of the main context', ['-g', 'daemon off;', '-t'], () => undefined],
    ['-g: an unknown directive', ['-g', 'foo;', '-t'], () => undefined],
    ['-g: no semicolon', ['-g', 'daemon off', '-t'], () => undefined],
    ['-g: a block', ['-g', 'events {}', '-t'], () => undefined],
    ['-g: a directive the conf has too (the conf is read after)', ['-g', 'worker_processes 2;', '-t'], () => undefined],
    ['-g: not allowed here', ['-g', 'listen 80;', '-t'], () => undefined],
    ['-s with no pid file', ['-s', 'reload'], () => undefined],
    ['-s with a pid file that holds no number', ['-s', 'quit'], (p) => writeFileSync(join(p, 'logs', 'nginx.pid'), '12x\r\n')],
    ['-s with an empty pid file', ['-s', 'stop'], (p) => writeFileSync(join(p, 'logs', 'nginx.pid'), '')],
    ['-s to a process that is gone', ['-s', 'reopen'], (p) => writeFileSync(join(p, 'logs', 'nginx.pid'), `${Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1}\n`)],
    ['-s with a bad conf', ['-s', 'reload', '-g', 'foo;'], () => undefined],
    ['an unknown signal', ['-s', 'restart'], () => undefined],
    ['-s without its signal', ['-s'], () => undefined],
    ['an unknown flag', ['-x'], () => undefined],
    ['an argument that is no flag', ['start'], () => undefined],
    ['-p without its folder', ['-p'], () => undefined],
    ['-c without its file', ['-c'], () => undefined],
    ['-e without its file', ['-e'], () => undefined],
    ['-g without its directives', ['-t', '-g'], () => undefined],
  ];
  for (const [name, args, setUp] of cases) {
    test(`${name}: ${args.join(' ')}`, async ({}, testInfo) => {
      const got: Record<Binary, Awaited<ReturnType<typeof run>>> = {} as never;
      for (const binary of ['nginx', 'harness'] as const) {
        const p = prefix(testInfo.outputPath(binary));
        setUp(p);
        const r = await run(binary, p, args);
        // The prefix is the only difference between the two runs.
        const own = (s: string) => s.replaceAll(testInfo.outputPath(binary), 'DIR');
        got[binary] = { code: r.code, stdout: own(r.stdout), stderr: own(r.stderr) };
      }
      expect(got.harness).toEqual(got.nginx);
      expect(got.nginx.stderr).not.toContain('    at ');
    });
  }

  test('-V: the version first, and configure arguments that name what the engine runs as nginx names modules', async ({}, testInfo) => {
    const p = prefix(testInfo.outputPath());
    const [ours, theirs] = [await run('harness', p, ['-V']), await run('nginx', p, ['-V'])];
    expect(ours.code).toBe(0);
    expect(ours.stdout).toBe('');
    expect(ours.stderr.split('\n')[0]).toBe(theirs.stderr.split('\n')[0]);
    const configure = ours.stderr.split('\n').find((l) => l.startsWith('configure arguments: '));
    expect(configure).toBeDefined();
    // nginx's test suite (Test::Nginx has_module) reads these very switches.
    for (const runs of ['gzip', 'map', 'rewrite', 'proxy', 'access', 'autoindex', 'charset', 'ssi', 'upstream_keepalive', 'limit_req', 'limit_conn', 'upstream_hash', 'upstream_ip_hash', 'upstream_least_conn']) expect(configure).not.toContain(`--without-http_${runs}_module`);
    for (const not of ['auth_basic', 'geo', 'userid']) expect(configure).toContain(`--without-http_${not}_module`);
    expect(configure).toContain('--with-http_gzip_static_module');
    // TLS is Node's: the ssl module, SNI, and the OpenSSL Node was built with, as nginx says them.
    expect(configure).toContain('--with-http_ssl_module');
    expect(ours.stderr).toContain(`built with OpenSSL ${process.versions.openssl}`);
    expect(ours.stderr).toContain('TLS SNI support enabled');
  });

  test('-h and -?: the version, then nginx\'s usage and options (the defaults are the Windows build\'s)', async ({}, testInfo) => {
    const p = prefix(testInfo.outputPath());
    const theirs = await run('nginx', p, ['-h']);
    const withoutDefaults = (s: string) => s.replace(/ \(default: [^)]*\)/g, '');
    for (const flag of ['-h', '-?']) {
      const ours = await run('harness', p, [flag]);
      expect(ours.code).toBe(0);
      expect(withoutDefaults(ours.stderr).startsWith(withoutDefaults(theirs.stderr))).toBe(true);
    }
  });
});
