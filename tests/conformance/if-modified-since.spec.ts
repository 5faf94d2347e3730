// if_modified_since (ngx_http_not_modified_filter_module, ngx_http_test_if_modified()): how a
// static file's If-Modified-Since is compared with its Last-Modified. `off`: never a 304 for it;
// `exact` (the default): a 304 only for the very same second; `before`: for that second or a later
// one. If-Unmodified-Since is compared as it is whatever the directive says.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

const MODES = [
  { mode: 'off', equal: 200, older: 200, newer: 200 },
  { mode: 'exact', equal: 304, older: 200, newer: 200 },
  { mode: 'before', equal: 304, older: 200, newer: 304 },
] as const;

for (const { mode, equal, older, newer } of MODES) {
  test(`if_modified_since ${mode}: If-Modified-Since equal to the file's time ${equal}, an hour older ${older}, an hour newer ${newer}; If-Unmodified-Since unchanged`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual', static: `if_modified_since ${mode};` });
    const mtime = statSync(join(p.prefix, 'html', 'x')).mtime.getTime();
    const at = (hours: number) => new Date(mtime + hours * 3600_000).toUTCString();
    const status = async (header: string) => (await p.send(get('/x', p.port, [header]))).status;
    expect(await status(`If-Modified-Since: ${at(0)}`)).toBe(equal);
    expect(await status(`If-Modified-Since: ${at(-1)}`)).toBe(older);
    expect(await status(`If-Modified-Since: ${at(1)}`)).toBe(newer);
    expect(await status(`If-Unmodified-Since: ${at(0)}`)).toBe(200);
    expect(await status(`If-Unmodified-Since: ${at(-1)}`)).toBe(412);
    expect(await status(`If-Unmodified-Since: ${at(1)}`)).toBe(200);
  });
}

test('if_modified_since before: a 304 has no body and keeps Last-Modified and ETag; a date nginx cannot read is a 200, one past 2038 a 304', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'if_modified_since before;' });
  const st = statSync(join(p.prefix, 'html', 'x'));
  const later = new Date(st.mtime.getTime() + 86400_000).toUTCString();
  const r = await p.send(get('/x', p.port, [`If-Modified-Since: ${later}`]));
  expect(r.statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect(r.headers.find(([n]) => n === 'Last-Modified')?.[1]).toBe(st.mtime.toUTCString());
  expect(r.headers.find(([n]) => n === 'ETag')?.[1]).toBe(`"${Math.floor(st.mtimeMs / 1000).toString(16)}-6"`);
  expect(r.body).toBe('');
  expect((await p.send(get('/x', p.port, ['If-Modified-Since: yesterday']))).status).toBe(200);
  // nginx's own not_modified.t: the last second of a 32-bit time_t, and one far past it (a 64-bit time_t).
  expect((await p.send(get('/x', p.port, ['If-Modified-Since: Tue, 19 Jan 2038 03:14:07 GMT']))).status).toBe(304);
  expect((await p.send(get('/x', p.port, ['If-Modified-Since: Fri, 25 Feb 2174 09:42:23 GMT']))).status).toBe(304);
});
