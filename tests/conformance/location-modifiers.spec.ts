// A location's modifier glued to its name (`^~/api/`, `=/p`, `~/re`, `~*/re`): ngx_http_core_location()
// reads the modifier off the front of a one-argument name, as it does with a space between them.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { serverConf } from '../support/locations-conf.js';

test('location ^~/api/, =/ex, ~*/RE and ~ x$ written without a space are the same locations as with one', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location ^~/api/ { return 200 "noregex $uri\\n"; }
        location =/ex { return 200 "exact\\n"; }
        location ~*/RE { return 200 "caseless\\n"; }
        location ~x$ { return 200 "regex\\n"; }
        location / { return 200 "root\\n"; }`),
  });
  const bodies: string[] = [];
  // /api/x ends in x: only ^~ keeps the regex from taking it.
  for (const u of ['/api/x', '/ex', '/re', '/xx', '/y']) bodies.push((await p.send(get(u, p.port))).body);
  expect(bodies).toEqual(['noregex /api/x\n', 'exact\n', 'caseless\n', 'regex\n', 'root\n']);
});
