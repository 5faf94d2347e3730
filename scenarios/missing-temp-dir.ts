import { resolve } from 'node:path';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { explanation, mustBeFree, mustExit, mustSay, recorder } from './steps/said.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.missing-temp-dir.summary': 'The nginx folder has no temp/ (a Git copy of it): the proxy stops at start-up with its emerg line, and harness up says why and what to do.',
    'scenario.missing-temp-dir.step1': 'harness up with a prefix that has no temp/',
    'scenario.missing-temp-dir.observe1': 'harness up fails (exit code 1)',
    'scenario.missing-temp-dir.observe2': 'it prints nginx\'s emerg line: {dir}…/temp/client_body_temp" {errno}',
    'scenario.missing-temp-dir.observe3': 'it says what that means and what to do: create the temp folder',
    'scenario.missing-temp-dir.observe4': 'nothing of the stack is left listening',
  },
  'zh-CN': {
    'scenario.missing-temp-dir.summary': 'nginx 目录里没有 temp/（从 Git 拷出来的）：反向代理启动失败，打印 emerg 行，harness up 说明原因和办法。',
    'scenario.missing-temp-dir.step1': '用没有 temp/ 的 prefix 运行 harness up',
    'scenario.missing-temp-dir.observe1': 'harness up 失败（退出码 1）',
    'scenario.missing-temp-dir.observe2': '它打印 nginx 的 emerg 行：{dir}…/temp/client_body_temp" {errno}',
    'scenario.missing-temp-dir.observe3': '它说明含义和办法：创建 temp 目录',
    'scenario.missing-temp-dir.observe4': '环境里没有任何东西还在监听',
  },
});

export default defineScenario({
  name: 'missing-temp-dir',
  summary: t('scenario.missing-temp-dir.summary'),
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['temp-dir-missing'] },
  observations: 4,
  seconds: 1,
  async steps(run) {
    const { print, said } = recorder();
    const port = await getPort({ host: '127.0.0.1' });
    const prefix = resolve(run.o.dir, 'prefix');
    run.followLogs(prefix);
    run.step(t('scenario.missing-temp-dir.step1'));
    // Loaded when the step runs: `harness chaos list` reads the scenario without the stack.
    const { up } = await import('../harness/stack-life/up.js');
    const code = await up({ port, adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, engine: run.engine, workers: 1, os: run.os, noTempDir: true }, print);
    for (const line of said) run.note(`harness up | ${line}`);
    const dir = run.os === 'windows' ? 'CreateDirectory() "C:' : 'mkdir() "/';
    const errno = run.os === 'windows' ? 'failed (3: The system cannot find the path specified)' : 'failed (2: No such file or directory)';
    await run.observe(t('scenario.missing-temp-dir.observe1'), () => mustExit(code, 1));
    await run.observe(t('scenario.missing-temp-dir.observe2', { dir, errno }), () => {
      const emerg = said.find((l) => l.includes('nginx: [emerg]')) ?? '';
      mustSay(emerg, `nginx: [emerg] ${dir}`);
      mustSay(emerg, `/temp/client_body_temp" ${errno}`);
    });
    await run.observe(t('scenario.missing-temp-dir.observe3'), () => {
      // The way out names the folder to create, in any language.
      mustSay(explanation(said.join('\n')).toDo, 'temp');
    });
    await run.observe(t('scenario.missing-temp-dir.observe4'), () => mustBeFree(port));
  },
});
