// What every command's output does on a terminal or a pipe: colours where the reader can see them,
// and quiet when the reader has gone away.
import type { WriteStream } from 'node:tty';

/**
 * Colours, decided once for the whole CLI: FORCE_COLOR and NO_COLOR (https://no-color.org) as
 * Node's own colour check reads them, NODE_DISABLE_COLORS and TERM=dumb too; a pipe or a file gets
 * none unless FORCE_COLOR asks for them.
 */
export function hasColours(stream: NodeJS.WritableStream): boolean {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return !['0', 'false'].includes(force);
  const tty = stream as Partial<WriteStream>;
  return tty.isTTY === true && typeof tty.hasColors === 'function' && tty.hasColors();
}

/**
 * A reader that went away (`harness chaos list | head -1`, or `harness up | tee` stopped by the
 * same Ctrl-C) ends the output, not the command: what is left to print is dropped, with no EPIPE
 * stack trace, and a stop under way goes on.
 */
export function quietWhenReaderCloses(stream: NodeJS.WritableStream): void {
  if (stream.listeners('error').includes(onWriteError)) return;
  stream.on('error', onWriteError);
}

function onWriteError(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EPIPE') throw e;
}

/** A command's `--json`: what it reports (the control channel's answer as it came), one object; exit 0. */
export function printJson(out: (s: string) => void, x: unknown): number {
  out(JSON.stringify(x, null, 2));
  return 0;
}
