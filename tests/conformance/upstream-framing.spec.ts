// An upstream's Content-Length and Transfer-Encoding as nginx 1.22.1 reads them (1.23 made these
// 502s): a Content-Length that is no number is none, the last one counts, Transfer-Encoding is
// chunked when it names "chunked" and nothing otherwise, and chunked wins over a Content-Length.
// The body is then read to the close and passed on chunked; the error log has nothing to say.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

const CASES: [name: string, head: string, body: string, client: string][] = [
  ['Content-Length: foo', 'Content-Length: foo', 'body-bytes', 'Transfer-Encoding: chunked | "body-bytes"'],
  ['Content-Length: -1', 'Content-Length: -1', 'body-bytes', 'Transfer-Encoding: chunked | "body-bytes"'],
  ['Transfer-Encoding: foo', 'Transfer-Encoding: foo', 'body-bytes', 'Transfer-Encoding: chunked | "body-bytes"'],
  ['both invalid', 'Content-Length: foo\r\nTransfer-Encoding: foo', 'body-bytes', 'Transfer-Encoding: chunked | "body-bytes"'],
  ['Content-Length and chunked', 'Content-Length: 4\r\nTransfer-Encoding: chunked', '3\r\nabc\r\n0\r\n\r\n', 'Transfer-Encoding: chunked | "abc"'],
  ['gzip, chunked', 'Transfer-Encoding: gzip, chunked', '3\r\nabc\r\n0\r\n\r\n', 'Transfer-Encoding: chunked | "abc"'],
  ['two Content-Lengths', 'Content-Length: 3\r\nContent-Length: 5', 'abcde', 'Content-Length: 5 | "abcde"'],
];

test('Content-Length and Transfer-Encoding values nginx 1.22.1 takes: a 200 with the body, nothing logged', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /framing/ { proxy_pass http://127.0.0.1:U; }' });
  const answers: string[] = [];
  for (const [name, head, body] of CASES) {
    p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 200 OK\r\n${head}\r\nConnection: close\r\n\r\n${body}` };
    const r = await p.send(get('/framing/x', p.port, ['Connection: close']));
    const framing = r.headers.filter(([n]) => /^(content-length|transfer-encoding)$/i.test(n)).map(([n, v]) => `${n}: ${v}`);
    answers.push(`${name} -> ${r.status} ${framing.join(', ')} | ${JSON.stringify(r.body)}`);
  }
  expect(answers).toEqual(CASES.map(([name, , , client]) => `${name} -> 200 ${client}`));
  expect(p.requestLog()).toEqual([]);
});
