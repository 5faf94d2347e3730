// One description of a log_format gives both directions: the variables the log phase writes, and
// the fields the doctor reads back from a line that format wrote.
import { test, expect } from '@playwright/test';
import { COMBINED, compileLogFormat, fieldsOf } from './log-format.js';

test('a line is read back by the format that wrote it: each variable by name, the text between as it is', () => {
  const main = compileLogFormat('main', ['$remote_addr [$time_local] "$request" ', '$status rt=${request_time} ua="$upstream_addr"']);
  expect(main.ops.filter((op) => 'variable' in op)).toHaveLength(6);
  expect(fieldsOf(main)('::1 [02/Dec/2026:08:00:00 +0800] "GET /api/x HTTP/1.1" 502 rt=0.003 ua="[::1]:8080, 127.0.0.1:8080"\r')).toEqual({
    remote_addr: '::1',
    time_local: '02/Dec/2026:08:00:00 +0800',
    request: 'GET /api/x HTTP/1.1',
    status: '502',
    request_time: '0.003',
    upstream_addr: '[::1]:8080, 127.0.0.1:8080',
  });
  // A line another format wrote is not this format's.
  expect(fieldsOf(main)('127.0.0.1 - - [02/Dec/2026:08:00:00 +0800] "GET / HTTP/1.1" 200 5 "-" "curl"')).toBeUndefined();
  expect(fieldsOf(COMBINED)('127.0.0.1 - - [02/Dec/2026:08:00:00 +0800] "GET / HTTP/1.1" 200 5 "-" "curl/8"')).toMatchObject({ status: '200', http_user_agent: 'curl/8' });
});

test('the text of a format is literal: regular-expression characters in it match only themselves', () => {
  const f = compileLogFormat('dots', ['$status.(x)+$request_time']);
  expect(fieldsOf(f)('200.(x)+0.5')).toEqual({ status: '200', request_time: '0.5' });
  expect(fieldsOf(f)('200a(x)+0.5')).toBeUndefined();
});
