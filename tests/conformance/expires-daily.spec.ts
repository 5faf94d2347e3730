// expires @15h30m (NGX_HTTP_EXPIRES_DAILY): Expires is the next 15:30:00 in the local time zone
// after the answer's Date (ngx_next_time()), and Cache-Control the seconds until then; a daily time
// of 24 hours or more, or a bad one, is nginx's [emerg].
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';

/** ngx_next_time() for the answer's Date: Unix seconds. */
function nextTime(date: string, hours: number, minutes: number): number {
  const now = Date.parse(date);
  const d = new Date(now);
  d.setHours(hours, minutes, 0, 0);
  if (d.getTime() <= now) d.setDate(d.getDate() + 1);
  return d.getTime() / 1000;
}

test('expires @15h30m: the next 15:30 local time, max-age the seconds until then', async ({ startProxy }) => {
  const p = await startProxy({ static: 'expires @15h30m;' });
  const r = await p.send(get('/x', p.port));
  const date = header(r, 'Date')!;
  const at = nextTime(date, 15, 30);
  expect([header(r, 'Expires'), header(r, 'Cache-Control')]).toEqual([new Date(at * 1000).toUTCString(), `max-age=${at - Date.parse(date) / 1000}`]);
});

const confErrors: [directive: string, message: string][] = [
  ['expires @25h;', '"expires" directive daily time value must be less than 24 hours'],
  ['expires @15hx;', '"expires" directive invalid value'],
  ['expires modified @1h;', '"expires" directive daily time cannot be used with "modified" parameter'],
];

test('expires @25h, @15hx and modified @1h are nginx\'s [emerg] lines, at the directive\'s line', async ({ engine }, testInfo) => {
  const got: string[] = [];
  for (const [i, [directive]] of confErrors.entries()) {
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { static: directive });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(directive)) + 1;
    got.push(f.error.message.replace(`${f.prefix}/conf/nginx.conf:${line}`, 'LINE'));
  }
  expect(got).toEqual(confErrors.map(([, m]) => `nginx: [emerg] ${m} in LINE`));
});
