// Runs a corpus case (a user's conf, the built front end, the requests its users send) on real
// nginx and the embedded engine side by side, and compares everything the two leave: answers,
// log lines, and the requests the upstream got. See tests/conformance/corpus.spec.ts.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { dechunk, send } from './raw-http.js';
import { normaliseFor, startEnginePair, type EnginePair, type EngineUnderTest } from './engine-pair.js';

export const req = (line: string, headers: string[] = [], body = '', host = 'localhost') =>
  `${line}\r\nHost: ${host}\r\nUser-Agent: Mozilla/5.0 corpus\r\n${headers.map((h) => h + '\r\n').join('')}Connection: close\r\n\r\n${body}`;
export const GZIP = 'Accept-Encoding: gzip, deflate, br';
const LOGIN = '{"username":"admin","password":"123456"}';
export const login = (path: string, host?: string) => req(`POST ${path} HTTP/1.1`, ['Content-Type: application/json', `Content-Length: ${LOGIN.length}`], LOGIN, host);

/** A JSON body (ASCII only, so its length is its byte count). */
export const json = (line: string, body: string, headers: string[] = [], host?: string) =>
  req(line, ['Content-Type: application/json;charset=UTF-8', `Content-Length: ${body.length}`, ...headers], body, host);

/** A small multipart upload, as an el-upload sends it. */
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const UPLOAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\nid,name,price\r\n1,rice,2\r\n--${BOUNDARY}--\r\n`;
export const upload = (path: string, headers: string[] = [], host?: string) =>
  req(`POST ${path} HTTP/1.1`, [`Content-Type: multipart/form-data; boundary=${BOUNDARY}`, `Content-Length: ${UPLOAD.length}`, ...headers], UPLOAD, host);

export const BEARER = 'Authorization: Bearer eyJhbGciOiJIUzUxMiJ9.eyJsb2dpbl91c2VyX2tleSI6IjEifQ.sig';
export const PREFLIGHT = ['Origin: http://localhost:5173', 'Access-Control-Request-Method: POST', 'Access-Control-Request-Headers: authorization,content-type'];
export const WS = ['Upgrade: websocket', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13'];
/** The bundle's ETag (mtime 2026-01-02T03:04:05Z, 8660 bytes) and Last-Modified. */
export const JS_ETAG = 'If-None-Match: "695735a5-21d4"';
export const SINCE = 'If-Modified-Since: Fri, 02 Jan 2026 03:04:05 GMT';
/** An old IE, whose User-Agent gzip_disable "MSIE [1-6]\." matches (written out: req() sets its own User-Agent). */
export const ie6 = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)\r\n${GZIP}\r\nConnection: close\r\n\r\n`;

export interface CorpusCase {
  conf: string;
  /** Requests while the upstream is up. */
  session: string[];
  /** Requests after it has gone (502s and their error pages). */
  down?: string[];
}

const MTIME = new Date('2026-01-02T03:04:05Z');

/** A module of the built bundle: long enough for gzip, the same bytes every run. */
const bundle = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `export function ${name}${i}(a){return a.map(x=>x*${i}).filter(Boolean).join(",")}\n`).join('');

/** The front end as `vite build` leaves it, and an upload folder: under every conf's prefix. */
export const SITE: Record<string, string | Buffer> = {
  'html/dist/index.html': '<!DOCTYPE html>\n<html lang="zh-CN">\n<head><meta charset="UTF-8"><title>苍穹外卖</title>\n<script type="module" src="/assets/index-3f2a9c.js"></script>\n<link rel="stylesheet" href="/assets/index-3f2a9c.css">\n</head>\n<body><div id="app"></div></body>\n</html>\n',
  'html/dist/assets/index-3f2a9c.js': bundle('f', 120),
  'html/dist/assets/index-3f2a9c.css': Array.from({ length: 60 }, (_, i) => `.c${i}{margin:${i}px;color:#${(i * 4099).toString(16).padStart(6, '0')}}\n`).join(''),
  'html/dist/assets/small.js': 'console.log(1)\n',
  'html/dist/favicon.ico': Buffer.from(Array.from({ length: 318 }, (_, i) => (i * 37) % 256)),
  'html/dist/static/index.html': '<p>static</p>\n',
  'html/files/report.txt': 'quarterly report\n',
  'html/files/img/dish.png': Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 11) % 256)),
};

/** The conf's second port gets its own requests: `servers.conf` redirects from it. */
export const ON_SECOND_PORT = [req('GET /dish/list?status=1 HTTP/1.1', [], '', 'admin.example.com')];

function putSite(x: EngineUnderTest): void {
  for (const [file, content] of Object.entries(SITE)) {
    const path = join(x.prefix, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    utimesSync(path, MTIME, MTIME);
  }
  utimesSync(join(x.prefix, 'html', '50x.html'), MTIME, MTIME);
}

/**
 * An answer as it can be compared: chunks joined, a gzip body inflated (zlib's bytes may differ
 * between builds; what they inflate to may not), Expires as its distance from Date.
 */
function comparable(x: EngineUnderTest, raw: string): string {
  const end = raw.indexOf('\r\n\r\n');
  let head = end < 0 ? raw : raw.slice(0, end);
  let body = end < 0 ? '' : raw.slice(end + 4);
  if (/\r\nTransfer-Encoding: chunked/i.test(head)) body = `(chunked) ${dechunk(body)?.body ?? `(cut) ${body}`}`;
  // A HEAD's compressed answer has a head and no body.
  if (/\r\nContent-Encoding: gzip/i.test(head) && body) body = `(gunzipped) ${gunzipSync(Buffer.from(body.replace(/^\(chunked\) /, ''), 'latin1')).toString('latin1')}`;
  const date = /\r\nDate: ([^\r\n]*)/.exec(head)?.[1];
  head = head.replace(/\r\nExpires: ([^\r\n]*)/, (_m, v: string) => `\r\nExpires: Date + ${(Date.parse(v) - Date.parse(date ?? '')) / 1000} s`);
  return normaliseFor(x, `${head}\r\n\r\n${body}`);
}

/** Log lines, compared without the sizes of gzip-compressed answers (zlib's output length may differ). */
const logOf = (x: EngineUnderTest, file: string, gzipped: Set<number>) =>
  normaliseFor(x, readFileSync(join(x.prefix, 'logs', file), 'latin1'))
    .split('\n')
    .filter(Boolean)
    .map((line, i) => (file === 'access.log' && gzipped.has(i) ? line.replace(/(" \d{3}) \d+ /, '$1 (gzipped size) ') : line));

async function answerBoth(pair: EnginePair, requests: string[], port: (x: EngineUnderTest) => number, gzipped: Set<number>, count: { n: number }): Promise<void> {
  for (const request of requests) {
    const [n, e] = await Promise.all([pair.nginx, pair.embedded].map((x) => send(port(x), request, { timeoutMs: 5000, untilClose: true })));
    const line = request.split('\r\n').slice(0, 2).join(' ');
    expect(comparable(pair.embedded, e.raw), line).toBe(comparable(pair.nginx, n.raw));
    count.n++;
    if (/\r\nContent-Encoding: gzip/i.test(n.raw.slice(0, n.raw.indexOf('\r\n\r\n')))) gzipped.add(count.n);
  }
}

/** The case's conf (in `folder`) on both engines: every answer, log line and upstream request the same. */
export async function runCorpusCase(c: CorpusCase, folder: string, dir: string): Promise<void> {
  const pair = await startEnginePair(dir, { conf: readFileSync(join(folder, c.conf), 'utf8') });
  try {
    for (const x of [pair.nginx, pair.embedded]) putSite(x);
    // Line 0 of each access log is the ready check's.
    const gzipped = new Set<number>();
    const count = { n: 0 };
    await answerBoth(pair, c.session, (x) => x.port, gzipped, count);
    if (pair.nginx.secondPort) await answerBoth(pair, ON_SECOND_PORT, (x) => x.secondPort!, gzipped, count);
    await Promise.all([pair.nginx.upstream.close(), pair.embedded.upstream.close()]);
    await answerBoth(pair, c.down ?? [], (x) => x.port, gzipped, count);
    await expect.poll(() => logOf(pair.embedded, 'access.log', gzipped).length).toBe(count.n + 1);
    await expect.poll(() => logOf(pair.nginx, 'access.log', gzipped).length).toBe(count.n + 1);
    expect(logOf(pair.embedded, 'access.log', gzipped)).toEqual(logOf(pair.nginx, 'access.log', gzipped));
    expect(logOf(pair.embedded, 'error.log', gzipped)).toEqual(logOf(pair.nginx, 'error.log', gzipped));
    const upstream = (x: EngineUnderTest) => x.upstream.received.map((r) => normaliseFor(x, r.raw));
    expect(upstream(pair.embedded)).toEqual(upstream(pair.nginx));
    // The session reached the upstream: the conf's proxy locations were used.
    expect(upstream(pair.nginx).length).toBeGreaterThan(0);
  } finally {
    await pair.stop();
  }
}
