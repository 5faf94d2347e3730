// The catalogue is whole in both languages: the same keys, the same placeholders, nothing empty.
// So is each fault's own messages (its file's messages()), checked the same way.
import { test, expect } from '@playwright/test';
import { CATALOGUE } from './catalogue.js';
import { placeholders } from './index.js';
import { FAULTS } from '../faults/index.js';

type Texts = Readonly<Record<string, string>>;

const TABLES: [string, Texts, Texts][] = [['the catalogue', CATALOGUE.en, CATALOGUE['zh-CN']], ...FAULTS.map((f): [string, Texts, Texts] => [f.name, f.texts.en, f.texts['zh-CN']])];

for (const [name, en, zh] of TABLES) {
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
];

test('the Chinese messages use the glossary\'s names only', () => {
  const found = TABLES.flatMap(([name, , zh]) =>
    Object.entries(zh).flatMap(([key, text]) => RETIRED.filter(([word]) => text.includes(word)).map(([word, use]) => `${name} ${key}: "${word}", use "${use}"`)),
  );
  expect(found).toEqual([]);
});
