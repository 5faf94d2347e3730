// The two executables Test::Nginx runs as $TEST_NGINX_BINARY, written into the run's folder:
// real nginx, and the embedded engine (`node bin/harness.js proxy "$@"`, in English).
import { execa } from 'execa';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import type { EngineName } from './run-file.js';

export interface Engine {
  name: EngineName;
  binary: string;
  /** TEST_NGINX_* variables this engine's files run with. */
  env: Record<string, string>;
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function writeScript(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/**
 * As root, both engines run their workers as `nobody`, who cannot read the test's folder
 * (File::Temp makes it 0700): every static file would be a 403. nginx-tests' own answer is a
 * global `user root;`.
 */
function globals(): Record<string, string> {
  return process.getuid?.() === 0 ? { TEST_NGINX_GLOBALS: 'user root;' } : {};
}

/**
 * A distribution's nginx is built with dynamic modules that are packaged apart (Debian's
 * libnginx-mod-*). Test::Nginx loads every module `nginx -V` calls dynamic, so one that is not
 * installed stops every file at its start. The wrapper's `-V` leaves those out: to the suite, as
 * to nginx, a module that is not installed is not there, and the files that need it skip.
 */
async function installedModulesOnly(nginx: string): Promise<{ version: string; modules: string }> {
  const r = await execa(nginx, ['-V'], { reject: false });
  const version = String(r.stderr);
  const modules = /--modules-path=(\S+)/.exec(version)?.[1] ?? join(/--prefix=(\S+)/.exec(version)?.[1] ?? '/usr/local/nginx', 'modules');
  const files = existsSync(modules) ? readdirSync(modules) : [];
  const kept = version.replace(/ --with-([a-z_]+?)(?:_module)?=dynamic/g, (flag, name: string) => (files.some((f) => f.startsWith(`ngx_${name}_`) && f.endsWith('.so')) ? flag : ''));
  return { version: kept, modules };
}

export async function nginxEngine(nginx: string, dir: string): Promise<Engine> {
  const { version, modules } = await installedModulesOnly(nginx);
  const versionFile = join(dir, 'nginx-V.txt');
  writeFileSync(versionFile, version);
  const binary = writeScript(join(dir, 'nginx'), `if [ "$#" = 1 ] && [ "$1" = -V ]; then cat ${shQuote(versionFile)} >&2; exit 0; fi\nexec ${shQuote(nginx)} "$@"`);
  return { name: 'nginx', binary, env: { ...globals(), TEST_NGINX_MODULES: modules } };
}

export function embeddedEngine(dir: string): Engine {
  const harness = join(repoRoot, 'bin', 'harness.js');
  const binary = writeScript(join(dir, 'harness-proxy'), `HARNESS_LANG=en exec ${shQuote(process.execPath)} ${shQuote(harness)} proxy "$@"`);
  return { name: 'embedded', binary, env: globals() };
}
