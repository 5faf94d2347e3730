// The body of a call to a control channel (`harness up`'s or `harness proxy`'s master's): one JSON
// object, or a refusal that says what came instead, never a TypeError of the code that reads it.
// A call's body is small: one past MAX_BODY is refused (413) and no more of it is read, and no
// refusal quotes more than a few lines of what came (a token holder's 150 MB "name" is not echoed).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest body a channel reads: nginx's client_max_body_size default; a call's body is a few hundred bytes. */
export const MAX_BODY = 1024 * 1024;

/** A call whose body is not what the channel takes: answered 400 with the message. */
export class BadBody extends Error {
  readonly status: number = 400;
}

/** A body past MAX_BODY: answered 413, and the connection closed with the rest unread. */
export class BodyTooLarge extends BadBody {
  override readonly status = 413;
  constructor(length: string) {
    super(`the body is too large (${length}; a call takes at most ${MAX_BODY} bytes): send a JSON object of the call's few fields`);
  }
}

/** How long a refused body's sender may go on sending, its bytes dropped, before the connection is closed. */
const LINGER_MS = 2000;

/**
 * The 413's connection is closed once the client has had its answer (nginx's lingering close).
 * Node destroys a Connection: close socket as soon as the answer is flushed; with the body's rest
 * still coming, that close is a reset, and a client that had not read the 413 yet loses it. So the
 * socket is half-closed instead, what still comes is dropped (Node dumps the request's rest), and
 * it is destroyed when the client closes, or after LINGER_MS.
 */
export function lingerBeforeClose(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Text quoted in a refusal: at most `max` characters of it, and how long it was. */
export function clipped(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text;
}

/** A JSON value in words: `null`, `an array`, `the number 3`, `the text "x"`. */
export function described(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v)}`;
  return `the ${typeof v} ${clipped(JSON.stringify(v), 80)}`;
}

/** Reads the whole body: {} when there is none, else a JSON object (`example` shows one in the refusal). */
export function readJsonObject(req: IncomingMessage, example: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_BODY) {
      req.pause();
      return reject(new BodyTooLarge(`Content-Length: ${declared}`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (d: Buffer) => {
      size += d.length;
      if (size <= MAX_BODY) return void chunks.push(d);
      // Reading stops here: the reply closes the connection (Connection: close).
      req.off('data', onData);
      req.pause();
      chunks.length = 0;
      reject(new BodyTooLarge(`more than ${MAX_BODY} bytes came`));
    };
    req.on('data', onData);
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve({});
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        return reject(new BadBody(`the body is not JSON (${clipped((e as Error).message)}): send a JSON object, e.g. ${example}`));
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return reject(new BadBody(`the body must be a JSON object, e.g. ${example}, not ${described(value)}`));
      resolve(value as Record<string, unknown>);
    });
  });
}
