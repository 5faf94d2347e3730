// How `harness up` talks: each component's lines with its name in front (docker compose's way),
// notes and errors of the harness itself, and the "ready" block.
import { hasColours, quietWhenReaderCloses } from '../terminal.js';

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
      out.write(`${tag('harness', out)} the stack is ready:\n`);
      for (const l of lines) out.write(`${tag('harness', out)}   ${l}\n`);
    },
  };
}
