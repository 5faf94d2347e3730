// If-Range is compared after the headers filter (the range filter comes later in nginx's chain):
// an `add_header Last-Modified` or `add_header ETag` is what it is compared with, not the file's.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

const ADDED = 'Mon, 01 Jan 2024 00:00:00 GMT';

test('If-Range against add_header Last-Modified: the added date gives a 206, the file\'s own date the whole file', async ({ startProxy }) => {
  const p = await startProxy({ server: `location /lm/ { alias html/; add_header Last-Modified "${ADDED}"; add_header ETag '"added"'; }` });
  const answers: string[] = [];
  for (const ifRange of [ADDED, 'Tue, 02 Jan 2024 00:00:00 GMT', '"added"', '"other"']) {
    const r = await p.send(get('/lm/x', p.port, ['Range: bytes=0-1', `If-Range: ${ifRange}`]));
    answers.push(`${ifRange} -> ${r.status} ${JSON.stringify(r.body)}`);
  }
  expect(answers).toEqual([`${ADDED} -> 206 "he"`, 'Tue, 02 Jan 2024 00:00:00 GMT -> 200 "hello\\n"', '"added" -> 206 "he"', '"other" -> 200 "hello\\n"']);
});
