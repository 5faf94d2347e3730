// The one place a shaped answer leaves: the controller's answer is taken whole (its status and
// headers stay on the response; its body is kept back), then sent as the delivery plan says, with
// Node's own HTTP framing. Only a response that a shaping fault applies to goes through here.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { DeliveryPlan } from './action.js';

type Head = OutgoingHttpHeaders | readonly (string | string[])[] | undefined;

/** Keeps back what the controller writes to `res`; calls `done` with the whole body once it ends. */
export function captureAnswer(res: ServerResponse, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    }
  };
  const callback = (...args: unknown[]) => args.find((a) => typeof a === 'function') as (() => void) | undefined;
  const own = res as unknown as Record<string, unknown>;
  own.writeHead = (status: number, reason?: string | Head, headers?: Head) => {
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    else headers = reason;
    setHeaders(res, headers);
    return res;
  };
  own.flushHeaders = () => undefined;
  own.write = (chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    const fn = callback(encoding, cb);
    if (fn) process.nextTick(fn);
    return true;
  };
  own.end = (chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    for (const m of ['writeHead', 'flushHeaders', 'write', 'end']) delete own[m];
    const fn = callback(chunk, encoding, cb);
    if (fn) res.once('finish', fn);
    done(Buffer.concat(chunks));
    return res;
  };
}

function setHeaders(res: ServerResponse, headers: Head): void {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return;
  }
  // [[name, value], ...] or the raw [name, value, name, value, ...]
  const pairs = Array.isArray(headers[0]) ? (headers as string[][]) : headers.flatMap((h, i) => (i % 2 ? [] : [[h as string, headers[i + 1] as string]]));
  for (const [name, value] of pairs) res.setHeader(name, value);
}

/** Sends the answer kept back as `plan` says: Node writes the head and frames the body. */
export function deliver(req: IncomingMessage, res: ServerResponse, whole: Buffer, plan: DeliveryPlan): void {
  for (const [name, value] of plan.headers) res.appendHeader(name, value);
  if (plan.contentLength === 'whole') res.setHeader('Content-Length', whole.length);
  if (plan.contentLength === 'none') res.removeHeader('Content-Length');
  res.writeHead(res.statusCode);
  const pieces = plan.pieces ?? [{ bytes: plan.body, afterMs: 0 }];
  const timers = new Set<NodeJS.Timeout>();
  res.once('close', () => timers.forEach(clearTimeout));
  const later = (ms: number, fn: () => void) => {
    if (ms <= 0) return fn();
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const finish = () =>
    later(plan.endAfterMs, () => {
      if (plan.end === 'end') return void res.end();
      // Closed where the bytes stop: a FIN after them, once the request is read (unread bytes would make it a reset).
      void requestRead(req).then(() => res.socket?.end());
    });
  const send = (i: number) => {
    if (i === pieces.length) return finish();
    later(pieces[i].afterMs, () => {
      if (pieces[i].bytes.length) res.write(pieces[i].bytes);
      send(i + 1);
    });
  };
  // A head that would otherwise wait for the body's first byte goes out at once.
  if (!pieces.length || pieces[0].afterMs > 0 || !pieces[0].bytes.length) res.flushHeaders();
  send(0);
}

/** Resolves once the whole request has been read (what is left of its body is read and dropped). */
export function requestRead(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.resume();
  });
}
