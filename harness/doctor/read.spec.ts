// A line pasted with a prefix is read after it, whatever the prefix; a line with no nginx line in
// it, or one that only quotes an nginx line far into it, is not.
import { test, expect } from '@playwright/test';
import { unwrapped } from './read.js';

const LINE = '2026/11/28 09:14:02 [error] 31#31: *5 upstream timed out (110: Connection timed out) while reading response header from upstream';
const STDERR = 'nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)';

test('each prefix users paste with is taken off, up to the nginx line', () => {
  const prefixes = [
    '    ',
    '> ',
    'web_1    | ',
    'web-1  | ',
    'web_1    | 2026-11-28T09:14:02.518203400Z ',
    '2026-11-28T09:14:02.518203400Z ',
    '2026-11-28T09:14:02.123456789Z stderr F ',
    '[pod/sky-nginx-6f8d9c7b4-x2kqp/nginx] ',
    '2026-11-28T09:14:02.417000+00:00 ecs/nginx/3f1c2a9e8b7d4e05 ',
    'sky-nginx-6f8d9c7b4-x2kqp nginx ',
    'Nov 28 09:14:02 web1 nginx[811]: ',
  ];
  for (const p of prefixes) expect(unwrapped(p + LINE), JSON.stringify(p)).toBe(LINE);
  for (const p of ['app_1  | ', 'Restarting nginx: ', 'Starting nginx: ', 'Nov 28 09:14:02 web1 nginx[811]: ']) expect(unwrapped(p + STDERR), JSON.stringify(p)).toBe(STDERR);
});

test('a line with no nginx line after a space or a bar, or only far into it, is not unwrapped', () => {
  expect(unwrapped('web_1    | 172.18.0.1 - - [28/Nov/2026:09:14:02 +0000] "GET / HTTP/1.1" 200 612')).toBeUndefined();
  expect(unwrapped(`host: "loc${LINE}`)).toBeUndefined();
  expect(unwrapped(`${'x '.repeat(150)}${LINE}`)).toBeUndefined();
  expect(unwrapped(`${'x '.repeat(50)}${LINE}`)).toBe(LINE);
});
