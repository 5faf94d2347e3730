// The addresses of allow and deny as bytes (ngx_ptocidr()): IPv4, IPv6 with `::` and an IPv4 tail,
// and the prefix masks the access phase compares them under.
import { test, expect } from '@playwright/test';
import { addressBytes, mask } from './conf.js';

test('addresses: IPv4, IPv6 with :: anywhere, an IPv4-mapped tail; anything else is none', () => {
  expect(addressBytes('10.1.2.3')).toEqual([10, 1, 2, 3]);
  expect(addressBytes('::1')).toEqual([...Array(15).fill(0), 1]);
  expect(addressBytes('2001:db8::')).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(12).fill(0)]);
  expect(addressBytes('fe80::1:2')).toEqual([0xfe, 0x80, ...Array(10).fill(0), 0, 1, 0, 2]);
  expect(addressBytes('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
  expect(addressBytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  expect(addressBytes('bad')).toBeUndefined();
  expect(addressBytes('1.2.3')).toBeUndefined();
});

test('masks: whole bytes, a partial byte, none past the prefix', () => {
  expect([0, 1, 2, 3].map((i) => mask(8, i))).toEqual([0xff, 0, 0, 0]);
  expect([0, 1, 2, 3].map((i) => mask(12, i))).toEqual([0xff, 0xf0, 0, 0]);
  expect([0, 1, 2, 3].map((i) => mask(32, i))).toEqual([0xff, 0xff, 0xff, 0xff]);
  expect([0, 1].map((i) => mask(0, i))).toEqual([0, 0]);
});
