// The workers family (conditions/workers.ts): out of worker_connections is named for what it says
// (a loop is one possible cause, in the explanation, never the name), out of file descriptors, and
// Linux's "exited with fatal code 2 and cannot be respawned".
import { test, expect } from '@playwright/test';
import { ctx, errno, line, log, one, OSES } from './helpers.js';

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

test('Linux: a worker that exited with fatal code 2 and cannot be respawned is respawn-failed, led by no unknown line', () => {
  const d = log('linux', [
    line('linux', { level: 'emerg', pid: 812, message: 'setgid(101) failed', errno: { code: 1, text: 'Operation not permitted' } }),
    line('linux', { level: 'alert', pid: 800, message: 'worker process 812 exited with fatal code 2 and cannot be respawned' }),
  ]);
  expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['unknown 1', 'respawn-failed 2']);
  expect(d.incidents[1].cause).toContain('Worker 812 failed while starting');
});
