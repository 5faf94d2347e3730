import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';
import { loginThenPages } from './steps/api.js';
import { isRefusal } from './steps/logs.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'lesson-load-balancing',
  summary:
    t('scenario.lesson-load-balancing.summary'),
  stack: false,
  profiles: ['linux', 'windows'],
  diagnosis: { conditions: ['upstream-refused'], verdict: 'another-server-answered' },
  observations: 3,
  seconds: 3,
  async steps(run) {
    // A port free now, that nothing will listen on: the lesson's second server, never started.
    const dead = await getPort({ host: '127.0.0.1' });
    run.step(t('scenario.lesson-load-balancing.step1', { dead }));
    const upstream = `    upstream webservers {
        server 127.0.0.1:ADMIN weight=90;
        server 127.0.0.1:${dead} weight=10;
    }`;
    const stack = await ownStack(run, (p) =>
      userConf({ listen: p.proxy, proxyPass: 'http://webservers/admin/', extra: upstream.replace('ADMIN', String(p.admin)), root: defaultFrontendRoot }),
    );
    const statuses = await loginThenPages(run, 11);
    await run.observe(t('scenario.lesson-load-balancing.observe1'), () => expect(statuses).toEqual(Array(12).fill(200)));
    await run.observe(t('scenario.lesson-load-balancing.observe2', { dead }), () => {
      const api = run.errorLog().filter((e) => e.request?.includes(' /api/'));
      expect(api.map((e) => [isRefusal(e), e.upstream, e.request])).toEqual([[true, `http://127.0.0.1:${dead}/admin/employee/page?page=5&pageSize=10`, 'GET /api/employee/page?page=5&pageSize=10 HTTP/1.1']]);
    });
    await run.observe(t('scenario.lesson-load-balancing.observe3'), () => expect(stack.adminShell!.journal.length).toBe(12));
  },
});
