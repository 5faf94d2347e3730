import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { explanation, message, mustExit, mustSay } from './steps/said.js';

import { t as configurationText } from '../harness/doctor/conditions/configuration.texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.embedded-unsupported.summary': 'A user\'s nginx.conf with a line of valid nginx the embedded engine does not run (proxy_cache_path): the proxy stops at start with the user\'s file and line, says the line is valid nginx, and gives the two ways out (--proxy nginx, or the line deleted).',
    'scenario.embedded-unsupported.observe1': 'exit 1 and ""proxy_cache_path" (caching of upstream answers is not emulated) is not supported by the embedded engine" at the user\'s nginx.conf',
    'scenario.embedded-unsupported.observe2': 'what it means (valid nginx, not run by the embedded engine) and the two ways out',
  },
  'zh-CN': {
    'scenario.embedded-unsupported.summary': '用户的 nginx.conf 里有一行合法的 nginx 配置，但内置引擎不支持（proxy_cache_path）：反向代理启动失败，给出用户的文件和行号，说明这行是合法的 nginx 配置，并给出两个办法（--proxy nginx，或删掉这行）。',
    'scenario.embedded-unsupported.observe1': '退出码 1，用户的 nginx.conf 处是 ""proxy_cache_path" (caching of upstream answers is not emulated) is not supported by the embedded engine"',
    'scenario.embedded-unsupported.observe2': '含义（合法的 nginx 配置，内置引擎不运行）和两个办法',
  },
});

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
      mustSay(means, message(configurationText('doctor.unsupported.cause')));
      mustSay(toDo, message(configurationText('doctor.unsupported.fix')));
    });
  },
});
