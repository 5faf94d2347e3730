// How `harness up` talks: each component's lines with its name in front (docker compose's way),
// notes and errors of the harness itself, and the "ready" block.
import { hasColours, quietWhenReaderCloses } from '../terminal.js';
import { t } from '../i18n/index.js';
import type { EngineName } from '../engine/engine.js';
import type { OsName } from '../os-profile.js';
import type { JournalEntry } from '../../stand-in/admin-server/shell.js';

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

/** What the ready block tells of a stack that has started. */
export interface ReadyStack {
  engine: EngineName;
  os: OsName;
  /** The addresses the proxy listens on, or the user's conf (its listens). */
  proxy: string[] | { conf: string };
  /** The stand-in's addresses; `external` (the user's own server) or `down` (none). */
  admin: string[] | 'external' | 'down';
  adminPort: number;
  /** The user's own admin server (HOST:PORT) behind the pass-through, whose addresses are `admin`. */
  adminUpstream?: string;
  /** What is served at `/`, and the URL to open (none: the user's conf serves no front end). */
  frontend: { describe: string; url?: string };
  errorLog: string;
  controlPage: string;
  /** ` --prefix DIR` for the `harness app order` hint; undefined: no stand-in, no hint. */
  prefixFlag?: string;
  /** The command that stops a detached stack (`npx harness down`); undefined: Ctrl-C, in the terminal it runs in. */
  down?: string;
}

/** The ready block's lines: where each part of the stack is, and what to do next. */
export function readyLines(s: ReadyStack): string[] {
  const and = t('stack.ready.and');
  const stop = s.down ? t('stack.ready.stopDown', { down: s.down }) : t('stack.ready.stopCtrlC');
  const where = Array.isArray(s.proxy) ? s.proxy.join(and) : t('stack.ready.confListens', { conf: s.proxy.conf });
  const admin =
    s.adminUpstream !== undefined ?
      Array.isArray(s.admin) && s.admin.length ? t('stack.ready.adminUpstream', { upstream: s.adminUpstream, addresses: s.admin.join(and) })
      : t('stack.ready.adminUpstreamDown', { upstream: s.adminUpstream, port: s.adminPort })
    : s.admin === 'external' ? t('stack.ready.adminExternal', { port: s.adminPort })
    : s.admin === 'down' ? t('stack.ready.adminDown', { port: s.adminPort })
    : t('stack.ready.adminStandIn', { addresses: s.admin.join(and) });
  return [
    ...labelled([
      [t('stack.ready.proxy'), t(s.engine === 'nginx' ? 'stack.ready.proxyNginx' : 'stack.ready.proxyEmbedded', { os: s.os, where })],
      [t('stack.ready.admin'), admin],
      [t('stack.ready.frontend'), s.frontend.describe],
      [t('stack.ready.logs'), s.errorLog],
      [t('stack.ready.control'), t('stack.ready.controlPage', { url: s.controlPage })],
    ]),
    '',
    s.frontend.url ? t('stack.ready.open', { url: s.frontend.url, stop }) : t('stack.ready.confOnly', { stop }),
    ...(s.prefixFlag !== undefined ? [t('stack.ready.order', { prefixFlag: s.prefixFlag })] : []),
  ];
}

/** An admin request as the stream shows it once it ended: its status, or that it got none (a fault hung or reset it). */
export function adminRequestLine(e: JournalEntry & { end: number }): string {
  const p = { method: e.method, url: e.url, ms: e.end - e.start, address: e.localAddress };
  if (e.status !== undefined) return t('stack.admin.answered', { ...p, status: e.status });
  return t('stack.admin.noAnswer', { ...p, faults: e.faults?.length ? t('stack.admin.faults', { faults: e.faults.join(', ') }) : '' });
}
