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

  test(`${os}: a page of the course's front end asked for without its # is that, and gets the # address and try_files; any other missing file is not`, () => {
    const missing = (path: string) => {
      const file = os === 'windows' ? `D:\\nginx-1.20.2/html/sky${path}` : `/usr/share/nginx/html/sky${path}`;
      const fn = os === 'windows' ? 'CreateFile()' : 'open()';
      const errno = os === 'windows' ? { code: 2, text: 'The system cannot find the file specified' } : { code: 2, text: 'No such file or directory' };
      return one(os, line(os, { level: 'error', conn: 1, message: `${fn} "${file}" failed`, errno, ...ctx(`GET ${path} HTTP/1.1`) }));
    };
    const route = missing('/employee');
    expect(route.condition).toBe('static-not-found');
    expect(route.cause).toContain('without its #');
    expect(route.fix).toContain('http://localhost/#/employee');
    expect(route.fix).toContain('try_files $uri $uri/ /index.html;');
    const other = missing('/img/logo.png');
    expect(other.condition).toBe('static-not-found');
    expect(other.cause).not.toContain('#');
  });
}
