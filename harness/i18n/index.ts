// The user's language, and what the harness says in it: a module's own texts, made beside it with
// messages() (docs/architecture.md, "Their words"), and t('key') for the catalogue's areas not moved
// yet (catalogue.ts). Both fill {name} placeholders from { name: value }. nginx's own log lines are
// not here: they stay as nginx writes them.
import { CATALOGUE, type MessageKey } from './catalogue.js';
import { detectLang, type Lang } from './locale.js';

export { parseLang, type Lang } from './locale.js';
export type { MessageKey } from './catalogue.js';

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

/** The message `key` in the user's language, its `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params?: Params): string {
  return fill(CATALOGUE[lang()][key], params);
}

/** A module's own messages in the user's language, by their key in that module: `t('summary')`. */
export interface Messages<K extends string> {
  (key: K, params?: Params): string;
  /** The texts in each language, for the spec that checks them as it checks the catalogue's. */
  readonly texts: { readonly [L in Lang]: Readonly<Record<K, string>> };
}

/** The keys of a module's messages: `TextKey<typeof t>`. */
export type TextKey<M> = M extends Messages<infer K> ? K : never;

/**
 * Messages kept beside the module that says them (docs/architecture.md, "Their words"): English,
 * and Chinese typed to have exactly the English keys, as an area of the catalogue's is.
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

/** The `{name}` placeholders of a template, sorted (the catalogue's test compares them between languages). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}
