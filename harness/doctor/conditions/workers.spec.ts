// The workers family (conditions/workers.ts): out of worker_connections is named for what it says
// (a loop is one possible cause, in the explanation, never the name), out of file descriptors, and
// Linux's "exited with fatal code 2 and cannot be respawned".
import { test, expect } from '@playwright/test';
import { ctx, errno, line, log, one, OSES } from '../../../tests/support/doctor-conditions.js';

for (const os of OSES) {
  test(`${os}: "N worker_connections are not enough" is worker-connections, never proxy-loop`, () => {
    for (const e of [
      { level: 'alert' as const, message: '1024 worker_connections are not enough' },
      { level: 'alert' as const, conn: 2048, message: '1024 worker_connections are not enough', action: 'connecting to upstream', ...ctx('GET / HTTP/1.1', 'http://127.0.0.1:3000/') },
      { level: 'warn' as const, message: '1024 worker_connections are not enough, reusing connections' },
    ]) {
      const i = one(os, line(os, e));
      expect(i.condition, e.message).toBe('worker-connections');
      // The suspicion is in the explanation, with the evidence that would confirm it.
      expect(i.cause).toContain('One cause worth ruling out is nginx proxying to itself');
    }
  });

  test(`${os}: (24: Too many open files) in accept4(), socket(), open() is too-many-open-files`, () => {
    const e = errno(os, 'tooManyFiles');
    const d = log(os, [
      line(os, { level: 'crit', message: os === 'windows' ? 'accept() failed' : 'accept4() failed', errno: e }),
      line(os, { level: 'alert', conn: 90, message: 'socket() failed', errno: e, action: 'connecting to upstream', ...ctx('GET / HTTP/1.1', 'http://127.0.0.1:3000/') }),
      line(os, { level: 'crit', conn: 91, message: 'open() "/srv/www/index.html" failed', errno: e, ...ctx('GET / HTTP/1.1') }),
    ]);
    expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['too-many-open-files 1,2,3']);
    expect(d.incidents[0].fix).toContain('"worker_rlimit_nofile 65535;"');
  });
}

test('Linux: a worker that exited with fatal code 2 and cannot be respawned is respawn-failed, led by the line of that worker that says why', () => {
  const d = log('linux', [
    line('linux', { level: 'emerg', pid: 812, message: 'setgid(101) failed', errno: { code: 1, text: 'Operation not permitted' } }),
    line('linux', { level: 'alert', pid: 800, message: 'worker process 812 exited with fatal code 2 and cannot be respawned' }),
    line('linux', { level: 'alert', pid: 815, message: 'chdir("/tmp/cores") failed', errno: { code: 2, text: 'No such file or directory' } }),
    line('linux', { level: 'alert', pid: 800, message: 'worker process 815 exited with fatal code 2 and cannot be respawned' }),
    line('linux', { level: 'alert', pid: 800, message: 'worker process 816 exited with fatal code 2 and cannot be respawned', time: '2025/03/14 10:25:30' }),
  ]);
  expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['respawn-failed 1,2', 'respawn-failed 3,4', 'respawn-failed 5']);
  expect(d.incidents[0].cause).toContain('Worker 812 could not switch to the user or group of the "user" directive (setgid(101) failed (1: Operation not permitted))');
  expect(d.incidents[1].cause).toContain('Worker 815 could not enter its working_directory /tmp/cores');
  expect(d.incidents[1].fix).toContain('"sudo mkdir -p /tmp/cores"');
  // No line of worker 816: what it was is not guessed, and the restart is nginx's own (no service manager shows in the log).
  expect(d.incidents[2].cause).toContain('an [emerg] or [alert] line of process 816 just before says why');
  expect(d.incidents[2].fix).toContain('"sudo nginx -s stop"');
  expect(d.incidents[2].fix).not.toContain('systemctl');
});
