// One hostile exchange on a fresh connection: the bytes go out (in timed pieces when the entry says
// so: that timing is the input), then the client waits, with a deadline, for what nginx does with
// it: the answers nginx gives and nginx's close, or, when nginx keeps the connection, those answers
// and a short look for anything more. Everything that came back is kept for the comparison.
import net from 'node:net';
import { parseResponse } from '../support/raw-http.js';

export interface Piece {
  bytes: string | Buffer;
  /** Milliseconds to wait before this piece goes out. */
  gapMs?: number;
}

/** After the last byte: wait for the answer, half-close (FIN) and wait, or drop the connection at once. */
export type Then = 'wait' | 'half-close' | 'abort';

/** What the client waits for: `count` answers (1xx included) and then the server's close, or a look for more. */
export interface Awaited {
  count: number;
  /** Bytes without a status line (an HTTP/0.9 answer) come until a close. */
  raw: boolean;
  end: 'close' | 'open';
}

export interface Outcome {
  /** Every byte that came back, latin1. */
  raw: string;
  /** The answers parsed from `raw`, each as sent (1xx answers separate). */
  responses: string[];
  /** Status codes of `responses`, in order. */
  statuses: number[];
  /** Bytes after the last complete answer: an HTTP/0.9 body, or a cut-off answer. */
  tail: string;
  /** How the connection ended: the server's FIN, a reset, still open when the client stopped looking, or dropped by the client. */
  end: 'closed' | 'reset' | 'open' | 'aborted';
  /** The deadline passed before what was awaited came. */
  timedOut: boolean;
  ms: number;
}

/** Splits `raw` into complete answers (1xx answers on their own) and the rest. */
export function splitResponses(raw: string): { responses: string[]; statuses: number[]; tail: string } {
  const responses: string[] = [];
  const statuses: number[] = [];
  let at = 0;
  while (at < raw.length && raw.startsWith('HTTP/', at)) {
    const p = parseResponse(raw.slice(at));
    if (!p) break;
    for (const i of p.interim) {
      responses.push(i);
      statuses.push(Number(i.split(' ')[1]));
    }
    const final = p.raw.slice(p.interim.join('').length);
    responses.push(final);
    statuses.push(p.status);
    at += p.raw.length;
  }
  return { responses, statuses, tail: raw.slice(at) };
}

export function summary(o: Outcome): string {
  if (o.end === 'aborted') return 'aborted';
  const parts = o.statuses.map(String);
  if (o.tail) parts.push(o.tail.startsWith('HTTP/') ? 'partial' : 'raw');
  parts.push(o.end === 'open' ? 'open' : 'close');
  return parts.join(' ');
}

/** `'400 close'` → what the client waits for. */
export function awaited(nginx: string): Awaited {
  const words = nginx.split(' ');
  return { count: words.filter((w) => /^\d{3}$/.test(w)).length, raw: words.includes('raw') || words.includes('partial'), end: words.at(-1) === 'open' ? 'open' : 'close' };
}

export interface ExchangeOptions {
  then: Then;
  awaited: Awaited;
  /** Longest wait after the last piece for what is awaited. */
  deadlineMs: number;
  /** How long a connection nginx keeps open is watched for anything more once the answers are in. */
  lookMs: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function exchange(port: number, send: string | Buffer | Piece[], o: ExchangeOptions): Promise<Outcome> {
  const started = Date.now();
  const socket = net.connect({ host: '127.0.0.1', port });
  let raw = '';
  let end: 'closed' | 'reset' | undefined;
  let wake: (() => void) | undefined;
  socket.on('data', (d) => {
    raw += d.toString('latin1');
    wake?.();
  });
  socket.on('end', () => {
    end ??= 'closed';
    wake?.();
  });
  socket.on('error', (e: NodeJS.ErrnoException) => {
    end ??= e.code === 'ECONNRESET' ? 'reset' : 'closed';
    wake?.();
  });
  socket.on('close', () => {
    end ??= 'closed';
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });

  const pieces = Array.isArray(send) ? send : [{ bytes: send }];
  for (const piece of pieces) {
    if (piece.gapMs) await pause(piece.gapMs);
    if (end) break; // the server has given up on the request: the rest is not sent
    socket.write(typeof piece.bytes === 'string' ? Buffer.from(piece.bytes, 'latin1') : piece.bytes);
  }
  if (o.then === 'abort') {
    socket.resetAndDestroy();
    return { raw, ...splitResponses(raw), end: 'aborted', timedOut: false, ms: Date.now() - started };
  }
  if (o.then === 'half-close' && !end) socket.end();

  // Wait for the awaited answers and the close (or, on a kept connection, look a little longer).
  const deadline = Date.now() + o.deadlineMs;
  let lookUntil: number | undefined;
  let timedOut = false;
  for (;;) {
    if (end) break;
    const { statuses, tail } = splitResponses(raw);
    const answered = statuses.length >= o.awaited.count && !(o.awaited.raw && !tail);
    if (answered && o.awaited.end === 'open') lookUntil ??= Date.now() + o.lookMs;
    const now = Date.now();
    if (lookUntil !== undefined && now >= lookUntil) break;
    if (now >= deadline) {
      timedOut = true;
      break;
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.min(deadline, lookUntil ?? deadline) - now);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
    wake = undefined;
  }
  socket.destroy();
  return { raw, ...splitResponses(raw), end: end ?? 'open', timedOut, ms: Date.now() - started };
}
