import { expect } from './steps/expect.js';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';
import { loginThenPages } from './steps/api.js';
import { isRefusal } from './steps/logs.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.lesson-load-balancing.summary': 'The course\'s load-balancing lesson: upstream webservers with the admin server at weight=90 and a port nothing listens on at weight=10. The sixth request tries the dead server first, is refused, and is answered by the other (200; about 2 s under the Windows profile); the doctor, given the run\'s conf and access log, names the dead server and the one that answered.',
    'scenario.lesson-load-balancing.step1': 'a stack on the lesson\'s conf: /api/ to upstream webservers { server 127.0.0.1:ADMIN weight=90; server 127.0.0.1:{dead} weight=10; }',
    'scenario.lesson-load-balancing.observe1': 'every request gets 200: the refused one is answered by the other server',
    'scenario.lesson-load-balancing.observe2': 'one refusal in the error log, of 127.0.0.1:{dead}, for the sixth request (weighted round robin: 90 to 10)',
    'scenario.lesson-load-balancing.observe3': 'the admin server saw all twelve requests',
  },
  'zh-CN': {
    'scenario.lesson-load-balancing.summary': '课程里的负载均衡一课：upstream webservers 里后端服务 weight=90，一个没有程序监听的端口 weight=10。第六个请求先试挂掉的服务器，连接被拒绝，再由另一个响应（200；Windows 系统下约 2 秒）；doctor 拿到这次运行的配置和 access log，能指出挂掉的服务器和响应的那个。',
    'scenario.lesson-load-balancing.step1': '一个使用课程配置的环境：/api/ 转发到 upstream webservers { server 127.0.0.1:ADMIN weight=90; server 127.0.0.1:{dead} weight=10; }',
    'scenario.lesson-load-balancing.observe1': '每个请求都得到 200：被拒绝的那次由另一台服务器响应',
    'scenario.lesson-load-balancing.observe2': 'error log 里有一次连接被拒绝，是第六个请求连 127.0.0.1:{dead}（加权轮询：90 比 10）',
    'scenario.lesson-load-balancing.observe3': '后端服务收到了全部十二个请求',
  },
});

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
