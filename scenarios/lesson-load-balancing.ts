import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';
import { loginThenPages } from './steps/api.js';
import { isRefusal } from './steps/logs.js';

export default defineScenario({
  name: 'lesson-load-balancing',
  summary:
    "The course's load-balancing lesson: upstream webservers with the admin server at weight=90 and a port nothing listens on at weight=10. The sixth request tries the dead server first, is refused, and is answered by the other (200; about 2 s under the Windows profile); the doctor, given the run's conf and access log, names the dead server and the one that answered.",
  stack: false,
  profiles: ['linux', 'windows'],
  diagnosis: { conditions: ['upstream-refused'], verdict: 'another-server-answered' },
  observations: 3,
  seconds: 3,
  async steps(run) {
    // A port free now, that nothing will listen on: the lesson's second server, never started.
    const dead = await getPort({ host: '127.0.0.1' });
    run.step(`a stack on the lesson's conf: /api/ to upstream webservers { server 127.0.0.1:ADMIN weight=90; server 127.0.0.1:${dead} weight=10; }`);
    const upstream = `    upstream webservers {
        server 127.0.0.1:ADMIN weight=90;
        server 127.0.0.1:${dead} weight=10;
    }`;
    const stack = await ownStack(run, (p) =>
      userConf({ listen: p.proxy, proxyPass: 'http://webservers/admin/', extra: upstream.replace('ADMIN', String(p.admin)), root: defaultFrontendRoot }),
    );
    const statuses = await loginThenPages(run, 11);
    await run.observe('every request gets 200: the refused one is answered by the other server', () => expect(statuses).toEqual(Array(12).fill(200)));
    await run.observe(`one refusal in the error log, of 127.0.0.1:${dead}, for the sixth request (weighted round robin: 90 to 10)`, () => {
      const api = run.errorLog().filter((e) => e.request?.includes(' /api/'));
      expect(api.map((e) => [isRefusal(e), e.upstream, e.request])).toEqual([[true, `http://127.0.0.1:${dead}/admin/employee/page?page=5&pageSize=10`, 'GET /api/employee/page?page=5&pageSize=10 HTTP/1.1']]);
    });
    await run.observe('the admin server saw all twelve requests', () => expect(stack.adminShell!.journal.length).toBe(12));
  },
});
