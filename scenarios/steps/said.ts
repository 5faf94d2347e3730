// What `harness up` printed, as the scenarios of a stack that does not start read it: checked in the
// run's language (the labels and sentences come from the harness's own texts, never an English copy), and a
// miss said in one short line of that language rather than a test runner's diff.
import type { Printer } from '../../harness/stack/printer.js';
import { messages } from '../../harness/i18n/index.js';
import { t as upText } from '../../harness/stack-life/up.texts.js';
import { canBind } from '../../harness/ports.js';

const saidText = messages({
  en: {
    'scenario.check.notSaid': 'harness up did not say: {expected}',
    'scenario.check.exitCode': 'harness up exited with {code}, not {want}',
    'scenario.check.noLabel': 'harness up printed no "{label}" line',
    'scenario.check.stillListening': 'port {port} is still taken ({code}) after harness up ended',
  },
  'zh-CN': {
    'scenario.check.notSaid': 'harness up 没有输出：{expected}',
    'scenario.check.exitCode': 'harness up 的退出码是 {code}，不是 {want}',
    'scenario.check.noLabel': 'harness up 没有输出以“{label}”开头的行',
    'scenario.check.stillListening': 'harness up 结束后，端口 {port} 仍被占用（{code}）',
  },
});

/** A printer that keeps every line `harness up` gives it, in order. */
export function recorder(): { print: Printer; said: string[] } {
  const said: string[] = [];
  const print: Printer = { line: (c, text) => said.push(`${c} | ${text}`), note: (text) => said.push(text), error: (text) => said.push(text), ready: (l) => said.push(...l) };
  return { print, said };
}

/** A text to find in the output: a literal, or a pattern with how a reader would write it. */
export type Expected = string | { pattern: RegExp; shown: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message in the run's language as a pattern: the placeholders its owner filled (`t('key', params)`)
 * as given, any other placeholder any text.
 */
export function message(text: string): { pattern: RegExp; shown: string } {
  const parts = text.split(/\{\w+\}/);
  return { pattern: new RegExp(parts.map(escape).join('.*')), shown: parts.join('…') };
}

/** Fails with a short line in the run's language unless `said` holds `expected`. */
export function mustSay(said: string, expected: Expected): void {
  const found = typeof expected === 'string' ? said.includes(expected) : expected.pattern.test(said);
  if (!found) throw new Error(saidText('scenario.check.notSaid', { expected: typeof expected === 'string' ? expected : expected.shown }));
}

/** Fails with a short line in the run's language unless `harness up` exited with `want`. */
export function mustExit(code: number, want: number): void {
  if (code !== want) throw new Error(saidText('scenario.check.exitCode', { code, want }));
}

/** Fails with a short line in the run's language unless nothing listens on 127.0.0.1:`port` any more. */
export async function mustBeFree(port: number): Promise<void> {
  const r = await canBind('127.0.0.1', port);
  if (!r.ok) throw new Error(saidText('scenario.check.stillListening', { port, code: r.code }));
}

/**
 * The explanation `harness up` gives under a proxy that did not start: the text after its "what it
 * means" and "what to do" labels. A label missing fails the check, named as the user reads it.
 */
export function explanation(said: string): { means: string; toDo: string } {
  const after = (key: 'stack.up.means' | 'stack.up.toDo') => {
    const label = upText(key, { cause: '', fix: '' });
    const line = said.split('\n').find((l) => l.trimStart().startsWith(label));
    if (line === undefined) throw new Error(saidText('scenario.check.noLabel', { label: label.trim() }));
    return line.trimStart().slice(label.length);
  };
  return { means: after('stack.up.means'), toDo: after('stack.up.toDo') };
}
