// The checks every table of texts in two languages passes (the catalogue, each fault's own
// messages()): the same keys, the same placeholders, nothing empty, the Chinese in Chinese.
import { test, expect } from '@playwright/test';
import { placeholders } from '../../harness/i18n/index.js';

type Texts = Readonly<Record<string, string>>;

/** Declares the two tests of one table of texts, named after it. */
export function textsAreWhole(name: string, en: Texts, zh: Texts): void {
  test(`${name}: every key exists in both languages, with the same placeholders`, () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect.soft(en[key].trim(), `${key} (en) is empty`).not.toBe('');
      expect.soft(zh[key].trim(), `${key} (zh-CN) is empty`).not.toBe('');
      expect.soft(placeholders(zh[key]), `${key}: placeholders`).toEqual(placeholders(en[key]));
    }
  });

  test(`${name}: the Chinese is Chinese, each message that has words has Han characters`, () => {
    const untranslated = Object.entries(zh).filter(([, s]) => /[a-z]{3,}\s+[a-z]{3,}/i.test(s.replace(/\{\w+\}|`[^`]*`|"[^"]*"|--[\w-]+/g, '')) && !/\p{Script=Han}/u.test(s));
    expect(untranslated).toEqual([]);
  });
}
