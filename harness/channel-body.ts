// The body of a call to a control channel (`harness up`'s or `harness proxy`'s master's): one JSON
// object, or a refusal that says what came instead, never a TypeError of the code that reads it.
import type { IncomingMessage } from 'node:http';

/** A call whose body is not what the channel takes: answered 400 with the message. */
export class BadBody extends Error {}

/** A JSON value in words: `null`, `an array`, `the number 3`, `the text "x"`. */
export function described(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v)}`;
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

/** Reads the whole body: {} when there is none, else a JSON object (`example` shows one in the refusal). */
export function readJsonObject(req: IncomingMessage, example: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('error', reject);
    req.on('end', () => {
      if (!text.trim()) return resolve({});
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        return reject(new BadBody(`the body is not JSON (${(e as Error).message}): send a JSON object, e.g. ${example}`));
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return reject(new BadBody(`the body must be a JSON object, e.g. ${example}, not ${described(value)}`));
      resolve(value as Record<string, unknown>);
    });
  });
}
