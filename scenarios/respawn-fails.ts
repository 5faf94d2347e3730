import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.respawn-fails.summary': 'A worker dies and its replacement cannot start ("could not respawn worker"): the master stays up with no worker; on Linux clients connect and hang, on Windows they are refused.',
    'scenario.respawn-fails.observe1': 'the error log\'s alert lines: {lines}',
    'scenario.respawn-fails.observe2': 'the master is up with no worker',
    'scenario.respawn-fails.observe3': 'the client is refused (the master closed its sockets)',
    'scenario.respawn-fails.observe4': 'the client connects and waits: no answer within 1.5 s',
  },
  'zh-CN': {
    'scenario.respawn-fails.summary': '一个 worker 崩溃，替补的 worker 又启动不了（"could not respawn worker"）：master 还在，但没有 worker；在 Linux 上客户端能连上但一直等，在 Windows 上连接被拒绝。',
    'scenario.respawn-fails.observe1': 'error log 里的 alert 行：{lines}',
    'scenario.respawn-fails.observe2': 'master 在运行，但没有 worker',
    'scenario.respawn-fails.observe3': '客户端连接被拒绝（master 关闭了它的 socket）',
    'scenario.respawn-fails.observe4': '客户端连上后一直等：1.5 秒内没有响应',
  },
});

export default defineScenario({
  name: 'respawn-fails',
  summary: t('scenario.respawn-fails.summary'),
  profiles: ['linux', 'windows'],
  faults: ['proxy.fail-respawn', 'proxy.crash-worker'],
  diagnosis: { conditions: ['respawn-failed'] },
  observations: 3,
  seconds: { linux: 3, windows: 2 },
  async steps(run) {
    await run.fault('proxy.fail-respawn');
    await run.fault('proxy.crash-worker');
    const windows = run.os === 'windows';
    const expected = windows
      ? ['alert worker process N exited with code C0000142', 'alert could not respawn worker']
      : ['alert worker process N exited on signal 11', 'alert fork() failed while spawning "worker process"', 'alert could not respawn worker process'];
    await run.observe(t('scenario.respawn-fails.observe1', { lines: expected.map((l) => l.slice(6)).join(' / ') }), () =>
      expect.poll(() => run.errorLog().map((e) => `${e.level} ${e.message.replace(/\d+/, 'N')}`), { timeout: 5000 }).toEqual(expected),
    );
    await run.observe(t('scenario.respawn-fails.observe2'), async () => {
      expect(run.stack.proxy!.running).toBe(true);
      expect(await run.stack.proxy!.workers()).toEqual([]);
    });
    run.step('GET /api/employee/page');
    const r = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10', { timeoutMs: 1500 });
    if (windows) await run.observe(t('scenario.respawn-fails.observe3'), () => expect(r.error).toBe('ECONNREFUSED'));
    else await run.observe(t('scenario.respawn-fails.observe4'), () => expect(r.error).toBe('UND_ERR_HEADERS_TIMEOUT'));
  },
});
