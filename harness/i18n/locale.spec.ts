import { test, expect } from '@playwright/test';
import { detectLang, langOfLocale, parseLang } from './locale.js';

test('the POSIX order: LC_ALL, then LC_MESSAGES, then LANG; the first set decides', () => {
  expect(detectLang({ LANG: 'zh_CN.UTF-8' }, () => 'en-US')).toBe('zh-CN');
  expect(detectLang({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' }, () => 'zh-CN')).toBe('en');
  expect(detectLang({ LC_MESSAGES: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' }, () => 'en-US')).toBe('zh-CN');
  expect(detectLang({ LC_ALL: '', LANG: 'zh_CN.GB18030' }, () => 'en-US')).toBe('zh-CN');
});

test('no POSIX locale (Windows): the system UI language decides', () => {
  expect(detectLang({}, () => 'zh-CN')).toBe('zh-CN');
  expect(detectLang({}, () => 'zh-Hans-CN')).toBe('zh-CN');
  expect(detectLang({}, () => 'en-GB')).toBe('en');
  expect(detectLang({}, () => 'und')).toBe('en');
});

test('HARNESS_LANG overrides the locale', () => {
  expect(detectLang({ HARNESS_LANG: 'en', LANG: 'zh_CN.UTF-8' })).toBe('en');
  expect(detectLang({ HARNESS_LANG: 'zh', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
  // A value it cannot read is passed over, not obeyed.
  expect(detectLang({ HARNESS_LANG: 'klingon', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
});

test('--lang spellings', () => {
  expect(parseLang('zh-CN')).toBe('zh-CN');
  expect(parseLang('zh_CN')).toBe('zh-CN');
  expect(parseLang('ZH')).toBe('zh-CN');
  expect(parseLang('en-US')).toBe('en');
  expect(parseLang('fr')).toBeUndefined();
  expect(langOfLocale('POSIX')).toBe('en');
  expect(langOfLocale('fr_FR.UTF-8')).toBe('en');
});

test("the system's locale asked of PluralRules is DateTimeFormat's, whatever the process's locale", async () => {
  const { execa } = await import('execa');
  const script = "console.log(new Intl.PluralRules().resolvedOptions().locale, Intl.DateTimeFormat().resolvedOptions().locale)";
  for (const LANG of ['zh_CN.UTF-8', 'zh_TW.UTF-8', 'zh_HK.UTF-8', 'en_US.UTF-8', 'en_GB.UTF-8', 'de_DE.UTF-8', 'ja_JP.UTF-8', 'C', '']) {
    // ICU's default comes from the environment of the process at its start: a process of its own per locale.
    const { stdout } = await execa(process.execPath, ['-e', script], { env: { LANG, LC_ALL: '', LC_MESSAGES: '' } });
    const [plural, dateTime] = stdout.split(' ');
    expect(plural, LANG).toBe(dateTime);
  }
});
