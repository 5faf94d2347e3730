import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, login } from './steps/browser.js';

export default defineScenario({
  name: 'proxy-to-itself',
  summary: 'nginx listens on the port its proxy_pass names (the admin server\'s 8080 taken by nginx itself): /api requests come back to nginx as /admin/... files, which do not exist: the login gets 404.',
  stack: false,
  diagnosis: { conditions: ['proxy-loop'] },
  observations: 2,
  seconds: 5,
  async steps(run) {
    const port = await getPort({ host: '127.0.0.1' });
    run.step(`a stack whose proxy listens on ${port} and proxies /api/ to localhost:${port} (no admin server)`);
    await run.startStack({ proxyPort: port, adminPort: port, admin: 'external' });
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await run.observe('the login gets 404 Not Found', () => expectFailure(page, { kind: 'status', status: 404, request: /^POST \/api\/employee\/login/ }));
    await run.observe('nginx logs its own proxied request, "POST /admin/employee/login HTTP/1.0", looked up as a file', () => {
      const own = run.errorLog().filter((e) => e.request === 'POST /admin/employee/login HTTP/1.0');
      expect(own).toHaveLength(1);
      expect(own[0].message).toMatch(/^(open|CreateFile)\(\) ".*\/admin\/employee\/login" failed$/);
    });
  },
});
