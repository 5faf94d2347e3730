import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'proxy-to-itself',
  summary: t('scenario.proxy-to-itself.summary'),
  stack: false,
  diagnosis: { conditions: ['proxy-loop'] },
  observations: 2,
  seconds: 5,
  async steps(run) {
    const port = await getPort({ host: '127.0.0.1' });
    run.step(t('scenario.proxy-to-itself.step1', { port }));
    await run.startStack({ proxyPort: port, adminPort: port, admin: 'external' });
    const page = await run.page();
    run.step(t('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.proxy-to-itself.observe1'), () => expectFailure(page, { kind: 'status', status: 404, request: /^POST \/api\/employee\/login/ }));
    await run.observe(t('scenario.proxy-to-itself.observe2'), () => {
      const own = run.errorLog().filter((e) => e.request === 'POST /admin/employee/login HTTP/1.0');
      expect(own).toHaveLength(1);
      expect(own[0].message).toMatch(/^(open|CreateFile)\(\) ".*\/admin\/employee\/login" failed$/);
    });
  },
});
