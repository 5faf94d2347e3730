// Which nginx `--proxy nginx` runs, on a Windows host and a POSIX one, with the files and PATH faked.
import { test, expect } from '@playwright/test';
import { locateNginx, nginxMissingAdvice } from './binary.js';

/** A file system holding exactly `files`. */
const only = (...files: string[]) => (p: string) => files.includes(p);

test('Windows: --nginx is taken alone, even when nginx.exe is on PATH', () => {
  const env = { PATH: 'C:\\Windows\\system32;D:\\tools\\nginx' };
  const isFile = only('D:\\tools\\nginx\\nginx.exe', 'E:\\other\\nginx.exe');
  expect(locateNginx({ host: 'windows', named: 'E:\\other\\nginx.exe', env, isFile })).toBe('E:\\other\\nginx.exe');
  expect(locateNginx({ host: 'windows', named: 'E:\\missing\\nginx.exe', env, isFile })).toBeUndefined();
});

test('Windows: the nginx.exe of --nginx-dir comes before the one on PATH', () => {
  const env = { PATH: 'C:\\Windows\\system32;D:\\tools\\nginx' };
  const isFile = only('D:\\tools\\nginx\\nginx.exe', 'D:\\nginx-1.20.2\\nginx.exe');
  expect(locateNginx({ host: 'windows', dir: 'D:\\nginx-1.20.2', env, isFile })).toBe('D:\\nginx-1.20.2\\nginx.exe');
  // A folder without nginx.exe (its conf and html alone): PATH's.
  expect(locateNginx({ host: 'windows', dir: 'D:\\copy-of-conf', env, isFile })).toBe('D:\\tools\\nginx\\nginx.exe');
});

test('Windows: PATH is split on ";" and only nginx.exe is looked for (no /usr/sbin)', () => {
  const isFile = only('/usr/sbin/nginx', 'C:\\nginx\\nginx');
  expect(locateNginx({ host: 'windows', env: { PATH: 'C:\\nginx;;C:\\Windows' }, isFile })).toBeUndefined();
  expect(locateNginx({ host: 'windows', env: { PATH: 'C:\\Windows;C:\\nginx' }, isFile: only('C:\\nginx\\nginx.exe') })).toBe('C:\\nginx\\nginx.exe');
});

test('POSIX: HARNESS_NGINX or --nginx alone, else the usual places, then PATH', () => {
  expect(locateNginx({ host: 'posix', env: { HARNESS_NGINX: '/opt/n/nginx' }, isFile: only('/opt/n/nginx', '/usr/sbin/nginx') })).toBe('/opt/n/nginx');
  expect(locateNginx({ host: 'posix', named: '/opt/m/nginx', env: { HARNESS_NGINX: '/opt/n/nginx' }, isFile: only('/opt/m/nginx', '/opt/n/nginx') })).toBe('/opt/m/nginx');
  expect(locateNginx({ host: 'posix', env: { PATH: '/home/u/bin:/usr/bin' }, isFile: only('/usr/sbin/nginx', '/home/u/bin/nginx') })).toBe('/usr/sbin/nginx');
  expect(locateNginx({ host: 'posix', env: { PATH: '/home/u/bin:/usr/bin' }, isFile: only('/home/u/bin/nginx') })).toBe('/home/u/bin/nginx');
  // The folder of --nginx-dir holds nginx.exe, which a POSIX system cannot run.
  expect(locateNginx({ host: 'posix', dir: '/home/u/nginx-1.20.2', env: { PATH: '' }, isFile: only('/home/u/nginx-1.20.2/nginx.exe') })).toBeUndefined();
});

test('what to do without nginx names the Windows flags on Windows, the package manager elsewhere', () => {
  expect(nginxMissingAdvice('windows', 'x')).toBe('nginx.exe is not on PATH. Name it with --nginx D:\\nginx-1.20.2\\nginx.exe, or run your whole nginx folder with --nginx-dir D:\\nginx-1.20.2');
  expect(nginxMissingAdvice('posix', 'run `apt-get install -y nginx`')).toBe('nginx is not installed: run `apt-get install -y nginx` (or `npx harness setup`, which does it as root or through sudo), or name one with --nginx PATH');
});
