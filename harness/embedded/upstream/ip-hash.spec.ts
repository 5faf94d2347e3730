// The bytes ip_hash hashes: an IPv4 client's first three octets, an IPv6 client's sixteen bytes.
import { test, expect } from '@playwright/test';
import { hashedBytes } from './ip-hash.js';

test('IPv4: the first three octets only, so a /24 keeps one peer', () => {
  expect(hashedBytes('192.168.7.200')).toEqual([192, 168, 7]);
  expect(hashedBytes('192.168.7.1')).toEqual(hashedBytes('192.168.7.200'));
});

test('IPv6: all sixteen bytes, `::` filled with zeros, a dotted IPv4 tail as its four bytes', () => {
  expect(hashedBytes('::1')).toEqual([...Array(15).fill(0), 1]);
  expect(hashedBytes('2001:db8::ff00:42')).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(8).fill(0), 0xff, 0x00, 0x00, 0x42]);
  expect(hashedBytes('::ffff:10.1.2.3')).toEqual([...Array(10).fill(0), 0xff, 0xff, 10, 1, 2, 3]);
});

test('no IP address (a unix socket\'s client): three zero bytes', () => {
  expect(hashedBytes('unix:')).toEqual([0, 0, 0]);
});
