// --admin-upstream's value, and its refusal where the harness itself listens for nginx.
import { test, expect } from '@playwright/test';
import { checkAdminUpstream, hostAndPort } from './flags.js';

test('--admin-upstream takes HOST:PORT, [IPv6]:PORT or a port alone (on 127.0.0.1); anything else says what it takes', () => {
  const parse = hostAndPort('--admin-upstream');
  expect(parse('127.0.0.1:8081')).toEqual({ host: '127.0.0.1', port: 8081 });
  expect(parse('[::1]:8081')).toEqual({ host: '::1', port: 8081 });
  expect(parse('localhost:8081')).toEqual({ host: 'localhost', port: 8081 });
  expect(parse(8081)).toEqual({ host: '127.0.0.1', port: 8081 });
  for (const bad of ['8081:', ':8081', '::1:8081', 'localhost', 'a b:1']) {
    expect(() => parse(bad), bad).toThrow(`--admin-upstream ${bad}: give where your admin server listens as HOST:PORT (127.0.0.1:8081, [::1]:8081) or a port alone (8081, on 127.0.0.1).`);
  }
  expect(() => parse('127.0.0.1:70000')).toThrow('--admin-upstream 127.0.0.1:70000: its port is a whole number from 1 to 65535.');
});

test('the admin port itself on this machine is refused, saying how to move the server; another host or port is not', () => {
  for (const host of ['127.0.0.1', 'localhost', '::1', '0.0.0.0']) {
    expect(() => checkAdminUpstream(8080, { host, port: 8080 })).toThrow('move your admin server to another port (server.port=8081 in application.yml), then give --admin-upstream 127.0.0.1:8081.');
  }
  expect(() => checkAdminUpstream(8080, { host: '127.0.0.1', port: 8081 })).not.toThrow();
  expect(() => checkAdminUpstream(8080, { host: '192.168.1.20', port: 8080 })).not.toThrow();
  expect(() => checkAdminUpstream(8080, undefined)).not.toThrow();
});
