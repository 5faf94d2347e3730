// The backends family (conditions/backends.ts): a unix socket nginx cannot connect to, told apart
// by its errno (2: not running or wrong path, 13: permissions, 11: backlog full), and PHP-FPM's
// stderr texts, each with its own cause.
import { test, expect } from '@playwright/test';
import { ctx, line, one } from '../../../tests/support/doctor-conditions.js';

const SOCK = 'unix:/run/php/php8.2-fpm.sock';
const at = (code: number, text: string, level: 'crit' | 'error' = 'crit') =>
  line('linux', { level, conn: 3, message: `connect() to ${SOCK} failed`, errno: { code, text }, action: 'connecting to upstream', ...ctx('GET /index.php HTTP/1.1', `fastcgi://${SOCK}:`) });

test('connect() to unix:... failed: 2 the service is down or the path is wrong, 13 user/group/SELinux, 11 the backlog', () => {
  const down = one('linux', at(2, 'No such file or directory'));
  expect([down.condition, down.cause]).toEqual(['unix-socket-failed', expect.stringContaining('PHP-FPM is not running, or it listens on another path')]);
  const perm = one('linux', at(13, 'Permission denied'));
  expect([perm.condition, perm.fix]).toEqual(['unix-socket-failed', expect.stringContaining('listen.owner and listen.group')]);
  expect(perm.cause).toContain('SELinux');
  const full = one('linux', at(11, 'Resource temporarily unavailable', 'error'));
  expect([full.condition, full.cause]).toEqual(['unix-socket-failed', expect.stringContaining('backlog was full')]);
  // Not the TCP conditions: a socket file is neither a refused port nor SELinux's connect.
  expect(one('linux', at(111, 'Connection refused', 'error')).condition).toBe('unix-socket-failed');
});

test("PHP-FPM's stderr: each common text has its own cause; a warning needs no action", () => {
  const php = (said: string) =>
    one('linux', line('linux', { level: 'error', conn: 9, message: `FastCGI sent in stderr: "${said}"`, action: 'reading response header from upstream', ...ctx('GET /index.php HTTP/1.1', 'fastcgi://127.0.0.1:9000') }));
  const cases: [string, string][] = [
    ['Primary script unknown', 'SCRIPT_FILENAME'],
    ['Unable to open primary script: /srv/www/a.php (No such file or directory)', 'could not open the script'],
    ["Access to the script '/srv/www/a.jpg' has been denied (see security.limit_extensions)", 'security.limit_extensions'],
    ['PHP message: PHP Fatal error:  Uncaught Error: Class "PDO" not found in /srv/www/db.php:3', 'fatal error'],
    ['PHP message: PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted (tried to allocate 4096 bytes) in /srv/www/r.php on line 9', 'memory_limit'],
    ['PHP message: PHP Fatal error:  Maximum execution time of 30 seconds exceeded in /srv/www/r.php on line 9', 'max_execution_time'],
  ];
  for (const [said, meaning] of cases) {
    const i = php(said);
    expect([i.condition, i.cause], said).toEqual(['fastcgi-stderr', expect.stringContaining(meaning)]);
    expect(i.detail?.harmless, said).toBeUndefined();
  }
  expect(php('PHP message: PHP Warning:  Undefined array key "q" in /srv/www/s.php on line 4').detail?.harmless).toBe(true);
});

test("tengine's upstream check: a check that timed out and one whose answer was not alive, the peer named, never unknown", () => {
  const check = (message: string) => one('linux', line('linux', { level: 'error', message }));
  const timedOut = check('check time out with peer: 127.0.0.1:8080 ');
  expect([timedOut.condition, timedOut.detail]).toEqual(['upstream-check-failed', { peer: '127.0.0.1:8080', check: 'timeout' }]);
  expect(timedOut.cause).toContain('found 127.0.0.1:8080 down: it did not answer its health check');
  expect(timedOut.fix).toContain('Start the service on 127.0.0.1:8080');
  const notAlive = check('check protocol http error with peer: 10.0.0.5:8081 ');
  expect([notAlive.condition, notAlive.detail]).toEqual(['upstream-check-failed', { peer: '10.0.0.5:8081', check: 'http' }]);
  expect(notAlive.fix).toContain('check_http_expect_alive accepts');
});

test('a refused AJP or SCGI server is named as what it is, not as the admin server', () => {
  const refused = (upstream: string) =>
    one('linux', line('linux', { level: 'error', conn: 4, message: 'connect() failed', errno: { code: 111, text: 'Connection refused' }, action: 'connecting to upstream', ...ctx('GET /app/ HTTP/1.1', upstream) }));
  expect(refused('ajp://127.0.0.1:8009/app/').fix).toContain("Start Tomcat's AJP connector on 8009");
  expect(refused('scgi://127.0.0.1:4000').fix).toContain('Start the SCGI server on 4000');
  expect(refused('http://127.0.0.1:8080/admin/x').fix).toContain('Start the admin server on 8080');
});
