// Server-sent events to the control pages that are open: one stream each, every message to all.
// The page reads the stream with fetch() (so that the token goes in a header, which EventSource
// cannot send); the format is the standard one, so `curl -N -H 'x-harness-token: …'` reads it too.
//
// A page that reads slower than the harness writes (a tab in the background, a slow link) must not
// fill the harness's memory with what it has not read: past UNSENT_BYTES waiting for it, nothing
// more is written to it; once it has read what was waiting, it is told how many messages it missed
// (`lagged`) and its stream ends, and the page opens it again and is drawn anew from the `hello`.
import type { ServerResponse } from 'node:http';
import { SAFE_HEADERS } from '../channel-guard.js';

/** The most bytes a stream may have waiting for its page before messages to it are dropped. */
export const UNSENT_BYTES = 8 * 1024 * 1024;

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventStreams {
  /** Each open stream, and how many messages were dropped for it (0: it keeps up). */
  readonly #open = new Map<ServerResponse, number>();

  get count(): number {
    return this.#open.size;
  }

  /** Opens a stream on `res`, whose first message is `first` (what the page needs to draw itself). */
  open(res: ServerResponse, first: string): void {
    res.writeHead(200, { ...SAFE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    res.write(first);
    this.#open.set(res, 0);
    res.on('close', () => this.#open.delete(res));
  }

  send(event: string, data: unknown): void {
    if (!this.#open.size) return;
    const text = frame(event, data);
    for (const [res, dropped] of this.#open) {
      if (dropped) this.#open.set(res, dropped + 1);
      else if (res.writableLength > UNSENT_BYTES) this.#lag(res);
      else res.write(text);
    }
  }

  /** The page is behind: dropped from now on; once it has read what waits, told so, and its stream ends. */
  #lag(res: ServerResponse): void {
    this.#open.set(res, 1);
    res.once('drain', () => {
      const dropped = this.#open.get(res);
      if (dropped === undefined) return;
      this.#open.delete(res);
      res.end(frame('lagged', { dropped }));
    });
  }

  /** Ends every stream, the last message first. */
  end(event: string, data: unknown): void {
    const text = frame(event, data);
    for (const res of this.#open.keys()) res.end(text);
    this.#open.clear();
  }
}
