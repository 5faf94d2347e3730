// The user's language, and what the harness says in it: each module's own texts, made beside it
// with messages() (docs/architecture.md, "Their words"), their {name} placeholders filled from
// { name: value }. nginx's own log lines are not here: they stay as nginx writes them.
import { detectLang, type Lang } from './locale.js';

export { parseLang, type Lang } from './locale.js';

let current: Lang | undefined;

/** The language messages are in now (detected from the environment until setLang). */
export function lang(): Lang {
  return (current ??= detectLang());
}

/** `--lang`: this language for the rest of the process. */
export function setLang(l: Lang): void {
  current = l;
}

export type Params = Readonly<Record<string, string | number>>;

/** A module's own messages in the user's language, by their key in that module: `t('summary')`. */
export interface Messages<K extends string> {
  (key: K, params?: Params): string;
  /** The texts in each language, for the spec that checks them (tests/unit/texts.spec.ts). */
  readonly texts: { readonly [L in Lang]: Readonly<Record<K, string>> };
}

/** The keys of a module's messages: `TextKey<typeof t>`. */
export type TextKey<M> = M extends Messages<infer K> ? K : never;

/**
 * Messages kept beside the module that says them (docs/architecture.md, "Their words"): English,
 * and Chinese typed to have exactly the English keys.
 */
export function messages<K extends string>(texts: { readonly en: Record<K, string>; readonly 'zh-CN': NoInfer<Record<K, string>> }): Messages<K> {
  MADE.push({ texts, made: new Error('messages() called here') });
  return Object.assign((key: K, params?: Params) => fill(texts[lang()][key], params), { texts });
}

/** One messages() call: its texts, and where it was made (its stack, formatted only when read). */
interface Made {
  readonly texts: { readonly [L in Lang]: Readonly<Record<string, string>> };
  readonly made: Error;
}
const MADE: Made[] = [];

/** Every messages() made so far in this process: the spec that checks them all loads each such module first. */
export function madeTexts(): readonly Made[] {
  return MADE;
}

export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The `{name}` placeholders of a template, sorted (tests/unit/texts.spec.ts compares them between languages). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}
