import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { explanation, message, mustExit, mustSay } from './steps/said.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'embedded-unsupported',
  summary: t('scenario.embedded-unsupported.summary'),
  engines: ['embedded'],
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['conf-embedded-unsupported'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const conf = userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, extra: '    proxy_cache_path temp/cache keys_zone=one:1m;' });
    const r = await upWith(run, 'proxy-cache', conf);
    await run.observe(t('scenario.embedded-unsupported.observe1'), () => {
      mustExit(r.code, 1);
      mustSay(r.said, {
        pattern: /nginx: \[emerg\] "proxy_cache_path" \(caching of upstream answers is not emulated\) is not supported by the embedded engine; run real nginx on this conf \(harness up --proxy nginx\) in .*proxy-cache[/\\]nginx\.conf:\d+/,
        shown: 'nginx: [emerg] "proxy_cache_path" (caching of upstream answers is not emulated) is not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx) in …proxy-cache/nginx.conf:N',
      });
    });
    await run.observe(t('scenario.embedded-unsupported.observe2'), () => {
      const { means, toDo } = explanation(r.said);
      mustSay(means, message('doctor.unsupported.cause'));
      mustSay(toDo, message('doctor.unsupported.fix'));
    });
  },
});
