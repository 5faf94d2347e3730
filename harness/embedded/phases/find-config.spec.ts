// The Windows build's caseless lookup (NGX_HAVE_CASELESS_FILESYSTEM), which real nginx cannot show
// here: ngx_filename_cmp() folds A-Z only, and every regex is compiled caseless.
import { test, expect } from '@playwright/test';
import { parseConfText } from '../../nginx-conf/parse.js';
import { buildConf } from '../../nginx-conf/build.js';
import { findLocation } from './find-config.js';

const server = buildConf(
  parseConfText(
    'http { server { location = /Exact { } location /Caf\xc9/ { } location ~ \\.JS$ { } location ~ ^/(?<n>a)(b)?$ { } location / { } } }',
    '/p/conf/nginx.conf',
  ),
  { prefix: '/p', confFile: '/p/conf/nginx.conf', modules: [] },
).servers[0];
const name = (uri: string, caseless: boolean) => {
  const l = findLocation(server, uri, caseless).loc!;
  return `${l.modifier}${l.path}`;
};

test('Windows: exact and prefix names without the case of A-Z (not of Latin-1 letters), `~` as `~*`', () => {
  expect(['/exact', '/caf\xc9/x', '/caf\xe9/x', '/a.js'].map((u) => name(u, true))).toEqual(['=/Exact', '/Caf\xc9/', '/', '~\\.JS$']);
  expect(['/exact', '/caf\xc9/x', '/a.js'].map((u) => name(u, false))).toEqual(['/', '/', '/']);
});

test('captures: a group that took no part is empty; named ones come by name', () => {
  expect(findLocation(server, '/a', false)).toMatchObject({ captures: ['/a', 'a', ''], named: { n: 'a' } });
});
