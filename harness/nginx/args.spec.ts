// The command line real nginx is started with, per host.
import { test, expect } from '@playwright/test';
import { nginxArgs } from './args.js';

test('the command line: -e logs/error.log where the compiled-in start-up log is elsewhere, never on Windows (nginx.exe before 1.19.5 refuses it)', () => {
  expect(nginxArgs('windows', 'D:\\nginx-1.20.2', 'D:\\sky\\.harness\\conf\\nginx.conf', 'pid logs/nginx.pid;')).toEqual(['-p', 'D:\\nginx-1.20.2', '-c', 'D:\\sky\\.harness\\conf\\nginx.conf', '-g', 'daemon off; pid logs/nginx.pid;']);
  expect(nginxArgs('posix', '/p', 'conf/nginx.conf', '')).toEqual(['-p', '/p', '-c', 'conf/nginx.conf', '-e', 'logs/error.log', '-g', 'daemon off;']);
});
