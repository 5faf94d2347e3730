import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';

export default defineScenario({
  name: 'proxy-pass-no-slash',
  summary:
    'proxy_pass http://localhost:ADMIN/admin; without its trailing slash: nginx replaces "/api/" with "/admin", the admin server receives /adminemployee/login and answers 404. The error log has no line; the doctor, given the run\'s conf and access log, names the proxy_pass line and the URI the server received.',
  stack: false,
  diagnosis: { conditions: ['proxy-pass-uri'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    run.step('a stack on a conf whose /api/ location has proxy_pass http://localhost:ADMIN/admin; (no slash at the end)');
    const stack = await ownStack(run, (p) => userConf({ listen: p.proxy, proxyPass: `http://localhost:${p.admin}/admin`, root: defaultFrontendRoot }));
    run.step('POST /api/employee/login');
    const { response } = await run.api.login();
    await run.observe('the login gets 404, and the error log has no line about it', () => {
      expect(response.status).toBe(404);
      expect(run.errorLog().filter((e) => e.request?.includes(' /api/'))).toEqual([]);
    });
    await run.observe('the admin server received /adminemployee/login', () => {
      expect(stack.adminShell!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual(['POST /adminemployee/login 404']);
    });
  },
});
