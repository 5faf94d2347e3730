// Server-sent events to the control pages that are open: one stream each, every message to all.
// The page reads the stream with fetch() (so that the token goes in a header, which EventSource
// cannot send); the format is the standard one, so `curl -N -H 'x-harness-token: …'` reads it too.
import type { ServerResponse } from 'node:http';
import { SAFE_HEADERS } from '../channel-guard.js';

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventStreams {
  readonly #open = new Set<ServerResponse>();

  get count(): number {
    return this.#open.size;
  }

  /** Opens a stream on `res`, whose first message is `first` (what the page needs to draw itself). */
  open(res: ServerResponse, first: string): void {
    res.writeHead(200, { ...SAFE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    res.write(first);
    this.#open.add(res);
    res.on('close', () => this.#open.delete(res));
  }

  send(event: string, data: unknown): void {
    if (!this.#open.size) return;
    const text = frame(event, data);
    for (const res of this.#open) res.write(text);
  }

  /** Ends every stream, the last message first. */
  end(event: string, data: unknown): void {
    const text = frame(event, data);
    for (const res of this.#open) res.end(text);
    this.#open.clear();
  }
}
