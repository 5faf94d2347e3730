// The requests family (conditions/requests.ts) beyond the course: a folder without an index is not
// a missing file, a deny rule, and a rewrite/try_files cycle.
import { test, expect } from '@playwright/test';
import { ctx, line, one, OSES } from '../../../tests/support/doctor-conditions.js';

for (const os of OSES) {
  test(`${os}: "directory index of ... is forbidden" is directory-index-forbidden, never static-not-found`, () => {
    const dir = os === 'windows' ? 'D:\\site\\nginx-1.20.2/html/dist/' : '/usr/share/nginx/html/dist/';
    const i = one(os, line(os, { level: 'error', conn: 1, message: `directory index of "${dir}" is forbidden`, ...ctx('GET / HTTP/1.1') }));
    expect(i.condition).toBe('directory-index-forbidden');
    expect(i.cause).toContain('403 Forbidden');
    expect(i.fix).toContain('try_files $uri $uri/ /index.html;');
  });

  test(`${os}: access forbidden by rule, and the rewrite cycle`, () => {
    expect(one(os, line(os, { level: 'error', conn: 1, message: 'access forbidden by rule', ...ctx('GET /.git/config HTTP/1.1') })).condition).toBe('access-denied-rule');
    const cycle = one(os, line(os, { level: 'error', conn: 2, message: 'rewrite or internal redirection cycle', action: 'internally redirecting to "/index.html"', ...ctx('GET /about HTTP/1.1') }));
    expect(cycle.condition).toBe('rewrite-cycle');
    expect(cycle.cause).toContain('(last to "/index.html")');
  });
}
