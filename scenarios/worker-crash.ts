import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.worker-crash.summary': 'A proxy worker dies of SIGSEGV: the master logs the alert, starts a new worker at once, and service goes on.',
    'scenario.worker-crash.observe1': 'the master logs "[alert] ... worker process {pid} exited on signal 11"',
    'scenario.worker-crash.observe2': 'a new worker takes its place',
    'scenario.worker-crash.observe3': 'the next requests are answered',
  },
  'zh-CN': {
    'scenario.worker-crash.summary': '反向代理的一个 worker 因 SIGSEGV 崩溃：master 记录 alert，立即启动新的 worker，服务继续。',
    'scenario.worker-crash.observe1': 'master 记录 "[alert] ... worker process {pid} exited on signal 11"',
    'scenario.worker-crash.observe2': '新的 worker 顶替了它',
    'scenario.worker-crash.observe3': '之后的请求都有响应',
  },
});

export default defineScenario({
  name: 'worker-crash',
  summary: t('scenario.worker-crash.summary'),
  faults: ['proxy.crash-worker'],
  diagnosis: { conditions: ['worker-crashed'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const { token } = await run.api.login();
    const [old] = await run.stack.proxy!.workers();
    await run.fault('proxy.crash-worker');
    await run.observe(t('scenario.worker-crash.observe1', { pid: old }), () =>
      expect
        .poll(() => run.errorLog().map((e) => `${e.level} ${e.message}`))
        .toContain(`alert worker process ${old} exited on signal 11`),
    );
    await run.observe(t('scenario.worker-crash.observe2'), async () => {
      await expect.poll(async () => (await run.stack.proxy!.workers()).filter((p) => p !== old).length).toBe(1);
    });
    await run.observe(t('scenario.worker-crash.observe3'), async () => {
      expect((await run.api.page(token ?? '')).status).toBe(200);
      expect((await run.api.page(token ?? '', 2)).status).toBe(200);
    });
  },
});
