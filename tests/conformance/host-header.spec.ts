// The Host header as ngx_http_validate_host() of nginx 1.22.1 reads it: every byte is looked at,
// those after the port's `:` or the IP literal's `]` too (`..` there is a 400), while the host is
// what comes before them, its trailing dot dropped only where it is the last dot of the whole value.
import { test, expect } from '../fixtures.js';

const HOSTS: [host: string, answer: string][] = [
  ['.', '400'],
  ['a..', '400'],
  ['[abcd::ef98:0:7654:321]..:98', '400'],
  ['[a]x/y', '400'],
  ['Example.COM.', '200 example.com'],
  ['[abcd::ef98:0:7654:321].', '200 [abcd::ef98:0:7654:321]'],
  ['[abcd::ef98:0:7654:321].:98', '200 [abcd::ef98:0:7654:321]'],
  ['example.com.:1.2', '200 example.com.'],
  ['extra[abcd::ef98:0:7654:321]:98', '200 extra[abcd'],
  ['[abcd::ef98:0:7654:321', '200 [abcd::ef98:0:7654:321'],
];

test('Host forms nginx 1.22.1 refuses (400, "client sent invalid host header") and the $host of those it takes', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info', server: 'location = /host { return 200 "$host"; }' });
  const answers: [string, string][] = [];
  for (const [host] of HOSTS) {
    const r = await p.send(`GET /host HTTP/1.0\r\nHost: ${host}\r\n\r\n`);
    answers.push([host, r.status === 200 ? `200 ${r.body}` : String(r.status)]);
  }
  expect(answers).toEqual(HOSTS);
  const refused = p.requestLog().filter((l) => l.includes('client sent invalid host header'));
  expect(refused.length).toBe(HOSTS.filter(([, a]) => a === '400').length);
});

test('an HTTP/1.0 request without Host: a redirect names the local address', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location = /redirect { return 302 /redirect; }' });
  const r = await p.send('GET /redirect HTTP/1.0\r\n\r\n');
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/redirect`]);
});
