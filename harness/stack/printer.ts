// How `harness up` talks: each component's lines with its name in front (docker compose's way),
// notes and errors of the harness itself, and the "ready" block.
import { hasColours, quietWhenReaderCloses } from '../terminal.js';
import { t } from '../i18n/index.js';

export interface Printer {
  line(component: string, text: string): void;
  note(text: string): void;
  error(text: string): void;
  ready(lines: string[]): void;
}

const COLORS: Record<string, string> = { proxy: '36', nginx: '32', admin: '35', harness: '33' };

export function consolePrinter(out: NodeJS.WriteStream = process.stdout, err: NodeJS.WriteStream = process.stderr): Printer {
  quietWhenReaderCloses(out);
  quietWhenReaderCloses(err);
  const colours = new Map([out, err].map((s) => [s, hasColours(s)]));
  const color = (name: string, s: string, stream: NodeJS.WriteStream) => (colours.get(stream) ? `\x1b[${COLORS[name] ?? '37'}m${s}\x1b[0m` : s);
  const tag = (name: string, stream: NodeJS.WriteStream) => color(name, `${name.padEnd(7)} |`, stream);
  return {
    line: (component, text) => out.write(`${tag(component, out)} ${text}\n`),
    note: (text) => out.write(`${tag('harness', out)} ${text}\n`),
    error: (text) => err.write(`${tag('harness', err)} ${text}\n`),
    ready: (lines) => {
      out.write(`${tag('harness', out)} ${t('stack.ready.title')}\n`);
      for (const l of lines) out.write(`${tag('harness', out)}   ${l}\n`);
    },
  };
}

/** A terminal column's width of `s`: two for a Han or full-width character, one for the rest. */
function columns(s: string): number {
  return [...s].reduce((w, c) => w + (/[\p{Script=Han}\u3000-\u303f\uff00-\uff60]/u.test(c) ? 2 : 1), 0);
}

/** `label    text` lines whose texts start in one column (at least the 10th), in either language. */
export function labelled(rows: readonly (readonly [label: string, text: string])[]): string[] {
  const at = Math.max(9, ...rows.map(([label]) => columns(label) + 1));
  return rows.map(([label, text]) => label + ' '.repeat(at - columns(label)) + text);
}
