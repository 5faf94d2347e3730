// Which language the user reads: --lang, else HARNESS_LANG, else the POSIX locale (LC_ALL, then
// LC_MESSAGES, then LANG, as gettext reads them), else the system's UI language (Windows sets no
// LANG; Node's ICU takes the user's locale from the system). Any Chinese locale reads Simplified
// Chinese: it is the only Chinese the harness has, and the course is written in it.
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

/** `zh_CN.UTF-8`, `zh-TW`, `en_US`, `C`: the language it names, or undefined for none we have. */
export function langOfLocale(locale: string | undefined): Lang | undefined {
  if (!locale) return undefined;
  const tag = locale.split(/[.@]/)[0].toLowerCase();
  if (tag === 'c' || tag === 'posix') return 'en';
  if (/^zh(?:[-_]|$)/.test(tag)) return 'zh-CN';
  if (/^[a-z]{2,3}(?:[-_]|$)/.test(tag)) return 'en';
  return undefined;
}

/** `--lang` values: the languages' names, and the usual spellings of them (`zh`, `zh_CN`, `en-US`). */
export function parseLang(value: string): Lang | undefined {
  const v = value.trim().toLowerCase().replace('_', '-');
  if (v === 'en' || v.startsWith('en-')) return 'en';
  if (v === 'zh' || v.startsWith('zh-')) return 'zh-CN';
  return undefined;
}

/**
 * ICU's default locale (the system's, where no LANG is set). Asked of PluralRules: it resolves the
 * same default as DateTimeFormat, which loads calendars and time zones first (30-45 ms of CPU at
 * start, measured; PluralRules 1-2 ms) on every command of a Windows user.
 */
export const defaultLocale = (): string => new Intl.PluralRules().resolvedOptions().locale;

/** The language of this environment (HARNESS_LANG, the POSIX locale, the system's); English when none says. */
export function detectLang(env: NodeJS.ProcessEnv = process.env, systemLocale: () => string = defaultLocale): Lang {
  const chosen = env.HARNESS_LANG && parseLang(env.HARNESS_LANG);
  if (chosen) return chosen;
  // POSIX: the first of these that is set (and not empty) decides, even when it is C.
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    if (env[name]) return langOfLocale(env[name]) ?? 'en';
  }
  return langOfLocale(systemLocale()) ?? 'en';
}
