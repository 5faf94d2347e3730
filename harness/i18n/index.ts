// The user's language, and the one catalogue of what the harness says in it (catalogue.ts):
// t('key', { name: value }) fills {name} placeholders. nginx's own log lines are not here: they
// stay as nginx writes them.
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

export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The `{name}` placeholders of a template, sorted (the catalogue's test compares them between languages). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}
