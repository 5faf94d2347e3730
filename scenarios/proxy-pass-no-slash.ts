import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'proxy-pass-no-slash',
  summary:
    t('scenario.proxy-pass-no-slash.summary'),
  stack: false,
  diagnosis: { conditions: ['proxy-pass-uri'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    run.step(t('scenario.proxy-pass-no-slash.step1'));
    const stack = await ownStack(run, (p) => userConf({ listen: p.proxy, proxyPass: `http://localhost:${p.admin}/admin`, root: defaultFrontendRoot }));
    run.step('POST /api/employee/login');
    const { response } = await run.api.login();
    await run.observe(t('scenario.proxy-pass-no-slash.observe1'), () => {
      expect(response.status).toBe(404);
      expect(run.errorLog().filter((e) => e.request?.includes(' /api/'))).toEqual([]);
    });
    await run.observe(t('scenario.proxy-pass-no-slash.observe2'), () => {
      expect(stack.adminShell!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual(['POST /adminemployee/login 404']);
    });
  },
});
