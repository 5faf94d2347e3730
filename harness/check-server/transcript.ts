// Golden transcripts of the course's real admin server (transcripts/*.json beside this file): one
// request as sent, the answer as a client sees it, and how both are made comparable. The recorder
// (tests/support/real-server-cases.ts, run by bin/real-server.js --record), the stand-in's replay
// (stand-in/admin-server/real-server.spec.ts) and `harness check-server` send and normalise through
// this one module.
import { request } from 'undici';
import { AdminTokens } from '../../stand-in/admin-server/token.js';

/** Which `token` header a request carries: admin's from a fresh login, none, or a bad one. */
export type TokenKind = 'admin' | 'none' | 'expired' | 'forged' | 'malformed';

export interface TranscriptRequest {
  method: string;
  path: string;
  token: TokenKind;
  headers?: Record<string, string>;
  /** The body as text. */
  body?: string;
  /** A multipart/form-data body with one file part of `size` bytes of `x`. */
  upload?: { field: string; filename: string; type: string; size: number };
}

export interface TranscriptResponse {
  status: number;
  /** Every header but `date` and `keep-alive`, names in lower case. */
  headers: Record<string, string>;
  /** The body as text, normalised (NORMALISED below). */
  body: string;
}

export interface Transcript {
  name: string;
  request: TranscriptRequest;
  response: TranscriptResponse;
  /** `shape`: the answer depends on data the stand-in seeds otherwise (its 86 employees, its month
   *  of orders), so its JSON is compared by keys, their order and value types, not by values. */
  compare?: 'shape';
}

export interface TranscriptFile {
  source: string;
  recorded: string;
  command: string;
  normalised: string[];
  transcripts: Transcript[];
}

/** What the bodies' varying values become; written into each fixture's header. */
export const NORMALISED = [
  'data.token of a login: "<token>"',
  'timestamp of a Spring error: 0',
  'a yyyy-MM-dd HH:mm[:ss] time of the recording day (a row made or changed then): "<now>"',
  'a random UUID (an upload\'s name): <uuid>',
  'the headers date and keep-alive are left out',
];

const TIME = /^(\d{4}-\d\d-\d\d) \d\d:\d\d(:\d\d)?$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The body with NORMALISED applied (a body that is no JSON is kept as it is). `today` is the
 *  recording day, or the days it may be where the server's zone is not known. */
export function normalise(body: string, today: string | readonly string[]): string {
  const days = typeof today === 'string' ? [today] : today;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const walk = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (key === 'token' && typeof v === 'string') return '<token>';
    if (key === 'timestamp' && typeof v === 'number') return 0;
    const day = typeof v === 'string' ? TIME.exec(v)?.[1] : undefined;
    if (day !== undefined && days.includes(day)) return '<now>';
    if (typeof v === 'string') return v.replace(UUID, '<uuid>');
    return v;
  };
  return JSON.stringify(walk(parsed));
}

/** The local day (yyyy-MM-dd) of `ms` in the server's zone. */
export function dayOf(ms: number, timeZone = 'Asia/Shanghai'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** The JSON's shape, as text (so that a comparison sees the keys' order): its keys and each value's
 *  type; an array is only an array (the real database had no orders, so a list of them is empty
 *  there). A body that is no JSON is itself. */
export function shapeOf(body: string): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return 'array';
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v === null ? 'null' : typeof v;
  };
  try {
    return JSON.stringify(walk(JSON.parse(body)));
  } catch {
    return body;
  }
}

/** The tokens a request may carry, made once per run against `base`. */
export async function tokensFor(base: string, nowMs = Date.now()): Promise<Record<TokenKind, string | undefined>> {
  const login = await request(`${base}/admin/employee/login`, {
    method: 'POST',
    headersTimeout: EXCHANGE_TIMEOUT_MS,
    bodyTimeout: EXCHANGE_TIMEOUT_MS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: '123456' }),
  });
  const admin = /"token":"([^"]+)"/.exec(await login.body.text())?.[1];
  if (!admin) throw new Error(`admin could not log in to ${base} (HTTP ${login.statusCode})`);
  return { ...(await badTokens(nowMs)), admin };
}

/** Every token but admin's own: none, and the three a server must refuse with 401. */
export async function badTokens(nowMs = Date.now()): Promise<Record<TokenKind, string | undefined>> {
  return {
    admin: undefined,
    none: undefined,
    expired: await new AdminTokens('itcast', -3_600_000).sign(1, nowMs),
    forged: await new AdminTokens('not-itcast').sign(1, nowMs),
    malformed: 'not-a-jwt',
  };
}

/** How long one answer may take: a Spring Boot server answers these in well under a second. */
export const EXCHANGE_TIMEOUT_MS = 30_000;

const BOUNDARY = '----sky-harness-transcript';

function bodyOf(req: TranscriptRequest): { body?: string | Buffer; type?: string } {
  if (!req.upload) return { body: req.body };
  const u = req.upload;
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.filename}"\r\nContent-Type: ${u.type}\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), Buffer.alloc(u.size, 'x'), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]), type: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** Sends one transcript's request and reads the answer as the transcript keeps it. */
export async function exchange(base: string, req: TranscriptRequest, tokens: Record<TokenKind, string | undefined>, today: string | readonly string[]): Promise<TranscriptResponse> {
  const { body, type } = bodyOf(req);
  const headers: Record<string, string> = { ...req.headers };
  if (type) headers['content-type'] = type;
  const token = tokens[req.token];
  if (token !== undefined) headers.token = token;
  // A server that accepts and never answers must not hold a check for undici's default 5 minutes.
  const r = await request(`${base}${req.path}`, { method: req.method as 'GET', headers, body, headersTimeout: EXCHANGE_TIMEOUT_MS, bodyTimeout: EXCHANGE_TIMEOUT_MS });
  const text = await r.body.text();
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) {
    if (k !== 'date' && k !== 'keep-alive' && v !== undefined) kept[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return { status: r.statusCode, headers: kept, body: normalise(text, today) };
}
