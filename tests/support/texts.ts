// The checks every table of texts in two languages passes (each module's
// messages()): the same keys, the same placeholders, nothing empty, the Chinese in Chinese and in
// the glossary's words.
import { test, expect } from '@playwright/test';
import { placeholders } from '../../harness/i18n/index.js';

type Texts = Readonly<Record<string, string>>;

// docs/glossary.zh-CN.md gives one Chinese name per thing; these are the other names the messages
// had for them, each with the one to use.
const RETIRED: [string, string][] = [
  ['应答', '响应'],
  ['模拟的后端', '管理端替身服务'],
  ['模拟后端', '管理端替身服务'],
  ['管理端服务', '管理端替身服务 or 你自己的后端服务'],
  ['事故', '事件'],
  ['真正的 nginx', '真实的 nginx'],
  ['真实 nginx', '真实的 nginx'],
  ['chaos：', 'chaos: '],
  ['解决：', '怎么办：'],
  ['解决办法', '怎么办'],
  ['注入', '施加'],
];

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

  test(`${name}: the Chinese uses the glossary's names only`, () => {
    const found = Object.entries(zh).flatMap(([key, text]) => RETIRED.filter(([word]) => text.includes(word)).map(([word, use]) => `${key}: "${word}", use "${use}"`));
    expect(found).toEqual([]);
  });
}
