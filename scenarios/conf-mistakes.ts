import { expect } from './steps/expect.js';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.conf-mistakes.summary': 'Typing mistakes in a user\'s nginx.conf stop the proxy at start with the file and line: a misspelt directive, a directive in a block it does not belong in, a value split by a space.',
    'scenario.conf-mistakes.observe1': 'exit 1 and "unknown directive "proxy_pas"" with the file and line',
    'scenario.conf-mistakes.observe2': 'exit 1 and ""proxy_pass" directive is not allowed here" (it belongs in a location)',
    'scenario.conf-mistakes.observe3': 'exit 1 and "invalid number of arguments in "client_max_body_size" directive"',
  },
  'zh-CN': {
    'scenario.conf-mistakes.summary': '用户 nginx.conf 里的笔误让反向代理启动失败，并给出文件和行号：拼错的指令、放错块的指令、被空格分开的值。',
    'scenario.conf-mistakes.observe1': '退出码 1，"unknown directive "proxy_pas""，带文件和行号',
    'scenario.conf-mistakes.observe2': '退出码 1，""proxy_pass" directive is not allowed here"（它应该在 location 里）',
    'scenario.conf-mistakes.observe3': '退出码 1，"invalid number of arguments in "client_max_body_size" directive"',
  },
});

export default defineScenario({
  name: 'conf-mistakes',
  summary: t('scenario.conf-mistakes.summary'),
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['conf-unknown-directive', 'conf-not-allowed-here', 'conf-bad-args'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const conf = async (o: { extra?: string; server?: string }) => userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, ...o });
    const misspelt = await upWith(run, 'misspelt', await conf({ server: '        proxy_pas http://localhost:8080/admin/;' }));
    await run.observe(t('scenario.conf-mistakes.observe1'), () => {
      expect(misspelt.code).toBe(1);
      expect(misspelt.said).toMatch(/nginx: \[emerg\] unknown directive "proxy_pas" in .*nginx\.conf:\d+/);
    });
    const misplaced = await upWith(run, 'misplaced', await conf({ extra: '    proxy_pass http://localhost:8080/admin/;' }));
    await run.observe(t('scenario.conf-mistakes.observe2'), () => {
      expect(misplaced.code).toBe(1);
      expect(misplaced.said).toMatch(/nginx: \[emerg\] "proxy_pass" directive is not allowed here in .*nginx\.conf:\d+/);
    });
    const split = await upWith(run, 'split-value', await conf({ server: '        client_max_body_size 10 m;' }));
    await run.observe(t('scenario.conf-mistakes.observe3'), () => {
      expect(split.code).toBe(1);
      expect(split.said).toMatch(/nginx: \[emerg\] invalid number of arguments in "client_max_body_size" directive in .*nginx\.conf:\d+/);
    });
  },
});
