// The catalogue is whole in both languages: the same keys, the same placeholders, nothing empty.
import { test, expect } from '@playwright/test';
import { CATALOGUE } from './catalogue.js';
import { placeholders } from './index.js';

test('every key exists in both languages, with the same placeholders', () => {
  const en = CATALOGUE.en as Record<string, string>;
  const zh = CATALOGUE['zh-CN'] as Record<string, string>;
  expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  for (const key of Object.keys(en)) {
    expect.soft(en[key].trim(), `${key} (en) is empty`).not.toBe('');
    expect.soft(zh[key].trim(), `${key} (zh-CN) is empty`).not.toBe('');
    expect.soft(placeholders(zh[key]), `${key}: placeholders`).toEqual(placeholders(en[key]));
  }
});

test('the Chinese is Chinese: each message that has words has Han characters', () => {
  const zh = CATALOGUE['zh-CN'] as Record<string, string>;
  const untranslated = Object.entries(zh).filter(([, s]) => /[a-z]{3,}\s+[a-z]{3,}/i.test(s.replace(/\{\w+\}|`[^`]*`|"[^"]*"|--[\w-]+/g, '')) && !/\p{Script=Han}/u.test(s));
  expect(untranslated).toEqual([]);
});
