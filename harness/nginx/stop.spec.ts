// How real nginx is asked to stop, per host, with the command runner faked: no Windows here.
import { test, expect } from '@playwright/test';
import { stopRequest, type Runner } from './stop.js';
import { profileRefusal } from './engine.js';
import { nginxArgs } from './args.js';

/** The arguments nginx.exe is started with (args.ts). */
const START = nginxArgs('windows', 'D:\\nginx-1.20.2', 'D:\\sky\\.harness\\conf\\nginx.conf', 'pid logs/nginx.pid;');

test('Windows: `nginx -s quit` with the arguments the master was started with', async () => {
  const calls: [string, string[]][] = [];
  const run: Runner = async (file, args) => (calls.push([file, args]), { exitCode: 0, output: '' });
  const ask = stopRequest('windows', 'D:\\nginx-1.20.2\\nginx.exe', START, run)!;
  expect(await ask()).toBe(true);
  expect(calls).toEqual([['D:\\nginx-1.20.2\\nginx.exe', [...START, '-s', 'quit']]]);
});

test('Windows: a quit nginx could not deliver is false (then tree-killed at once), and what nginx said is passed on', async () => {
  // A pid file naming a master that is gone: the signaller finds no event of that pid.
  const said = 'nginx: [error] OpenEvent("Global\\ngx_quit_6120") failed (2: The system cannot find the file specified)';
  const run: Runner = async () => ({ exitCode: 1, output: said + '\r\n' });
  const lines: string[] = [];
  expect(await stopRequest('windows', 'nginx.exe', START, run, (l) => lines.push(l))!()).toBe(false);
  expect(lines).toEqual([said]);
  // nginx.exe gone meanwhile: execa gives no exit code.
  expect(await stopRequest('windows', 'nginx.exe', START, async () => ({ output: '' }))!()).toBe(false);
});

test('POSIX: no request of its own (the process default: SIGTERM to the master)', () => {
  expect(stopRequest('posix', '/usr/sbin/nginx', START)).toBeUndefined();
});

test('real nginx shows its own system\'s profile only', () => {
  expect(profileRefusal('windows', 'posix')).toContain('--os windows needs the embedded engine');
  expect(profileRefusal('linux', 'windows')).toContain('--os linux needs the embedded engine: nginx.exe writes Windows wording');
  expect(profileRefusal('windows', 'windows')).toBeUndefined();
  expect(profileRefusal('linux', 'posix')).toBeUndefined();
});
