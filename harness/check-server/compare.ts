// One answer of the user's server set against the course's: what the admin front end depends on —
// the status, the media type, a Result's `code` and `msg`, and the JSON's shape (its keys and
// their types, not their values, which depend on the data). Extra keys are no difference: the
// front end never reads them.
import type { TranscriptResponse } from './transcript.js';
import type { ReferenceAnswer } from './reference.js';

export type Difference =
  | { kind: 'status'; expected: number; actual: number }
  | { kind: 'content-type'; expected: string; actual: string }
  | { kind: 'not-json' }
  | { kind: 'code'; expected: unknown; actual: unknown }
  | { kind: 'msg'; expected: unknown; actual: unknown }
  /** `path` is where in the JSON (`data.records[].name`); `actual` is `missing`, `empty` (a list the
   *  course's has rows in) or the type found. */
  | { kind: 'shape'; path: string; expected: string; actual: string }
  /** The request got no answer: refused, reset, or none before the timeout. */
  | { kind: 'no-answer'; reason: string };

/** The media type alone (`application/json;charset=UTF-8` → `application/json`), or '' when there is none. */
export const mediaType = (r: TranscriptResponse) => (r.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

const ok = (status: number) => status >= 200 && status < 300;

export function parseJson(body: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

/** A Result (`{code, msg, data}`), the course's answer to every handled request. */
export function asResult(json: unknown): { code: unknown; msg: unknown; data: unknown } | undefined {
  return json && typeof json === 'object' && !Array.isArray(json) && 'code' in json ? (json as { code: unknown; msg: unknown; data: unknown }) : undefined;
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Where `actual` lacks what `expected` has. A null in the course's answer takes anything. */
function shapeDifferences(expected: unknown, actual: unknown, path: string, out: Difference[]): void {
  if (expected === null) return;
  const e = typeOf(expected);
  const a = typeOf(actual);
  if (e !== a) {
    out.push({ kind: 'shape', path, expected: e, actual: actual === undefined ? 'missing' : a });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length && !actual.length) out.push({ kind: 'shape', path, expected: e, actual: 'empty' });
    else if (expected.length) shapeDifferences(expected[0], actual[0], `${path}[]`, out);
  } else if (e === 'object') {
    const o = actual as Record<string, unknown>;
    for (const [k, v] of Object.entries(expected as Record<string, unknown>)) shapeDifferences(v, o[k], `${path}.${k}`, out);
  }
}

/** The differences between the course's answer and the user's, in the order a reader meets them. */
export function compare(expected: TranscriptResponse, actual: TranscriptResponse): Difference[] {
  if (expected.status !== actual.status) return [{ kind: 'status', expected: expected.status, actual: actual.status }];
  // A refusal is read by its status alone: the front end shows no body of an error.
  if (!ok(expected.status)) return [];
  const out: Difference[] = [];
  const type = mediaType(expected);
  if (type && type !== mediaType(actual)) out.push({ kind: 'content-type', expected: type, actual: mediaType(actual) });
  const e = parseJson(expected.body);
  if (!e) return out;
  const a = parseJson(actual.body);
  if (!a) return [...out, { kind: 'not-json' }];
  const er = asResult(e.json);
  const ar = asResult(a.json);
  if (er && ar) {
    if (String(er.code) !== String(ar.code)) return [...out, { kind: 'code', expected: er.code, actual: ar.code }];
    if (er.msg !== null && er.msg !== ar.msg) out.push({ kind: 'msg', expected: er.msg, actual: ar.msg });
    shapeDifferences(er.data, ar.data, 'data', out);
    return out;
  }
  shapeDifferences(e.json, a.json, '', out);
  return out;
}

/** Whether the user's answer is the course's reference solution's, where that differs from the real server. */
export function isReferenceAnswer(ref: ReferenceAnswer, actual: TranscriptResponse): boolean {
  if (actual.status !== ref.status) return false;
  if (ref.contentType !== undefined && mediaType(actual) !== ref.contentType) return false;
  if (ref.code === undefined) return true;
  const r = asResult(parseJson(actual.body)?.json);
  return r !== undefined && String(r.code) === String(ref.code);
}
