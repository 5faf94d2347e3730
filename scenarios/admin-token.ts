import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';

export default defineScenario({
  name: 'admin-token',
  summary: "The admin API without a token, then with one the admin server did not sign: each gets the admin server's 401, nginx logs nothing, and the doctor reads the 401s from the access log.",
  diagnosis: { conditions: [], harmless: ['admin-unauthorized'] },
  observations: 2,
  seconds: 2,
  async steps(run) {
    run.step('GET /api/employee/page with no "token" header');
    const none = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10');
    await run.observe('401 from the admin server, and no error line: an answer, not a failure', () => {
      expect(none.status).toBe(401);
      expect(run.errorLines()).toEqual([]);
    });
    run.step('GET /api/employee/page with a token the admin server did not sign');
    const forged = await run.api.page('eyJhbGciOiJIUzI1NiJ9.eyJlbXBJZCI6MX0.bm90LXNpZ25lZA', 1);
    await run.observe('401 again, and both are in the access log', async () => {
      expect(forged.status).toBe(401);
      // nginx writes the access line once the answer is sent: it may come just after the browser has it.
      await expect.poll(() => run.accessLog().filter((e) => e.status === 401).length).toBe(2);
    });
  },
});
