// The checks the scenarios of a stack that does not start make on harness up's output: they read the
// explanation in the run's language, and a miss is one short line in that language, not a diff.
import { test, expect } from '@playwright/test';
import { explanation, message, mustExit, mustSay } from '../../scenarios/steps/said.js';
import { lang, setLang } from '../../harness/i18n/index.js';
import { t as upText } from '../../harness/stack-life/up.texts.js';
import { t as configurationText } from '../../harness/doctor/conditions/configuration.texts.js';
import { t as startupText } from '../../harness/doctor/conditions/startup.texts.js';

const printed = (l: 'en' | 'zh-CN') => {
  setLang(l);
  return ['proxy | nginx: [emerg] still could not bind()', upText('stack.up.means', { cause: configurationText('doctor.unsupported.cause', { what: '"proxy_cache_path"', where: 'nginx.conf:10', times: '' }) }), `  ${upText('stack.up.toDo', { fix: configurationText('doctor.unsupported.fix', { where: 'nginx.conf:10' }) })}`].join('\n');
};

test.afterEach(() => setLang('en'));

for (const l of ['en', 'zh-CN'] as const) {
  test(`${l}: the explanation is found by the labels of its language, and its sentences by their own text`, () => {
    const { means, toDo } = explanation(printed(l));
    expect(lang()).toBe(l);
    mustSay(means, message(configurationText('doctor.unsupported.cause')));
    mustSay(toDo, message(configurationText('doctor.unsupported.fix', { where: 'nginx.conf:10' })));
    expect(() => mustSay(toDo, message(configurationText('doctor.unsupported.fix', { where: 'other.conf:3' })))).toThrow(/other\.conf:3/);
  });
}

test('zh-CN: a miss is said in Chinese, with what was looked for and no diff', () => {
  const said = printed('zh-CN');
  expect(() => mustSay(said, 'listen 8080')).toThrow(/^harness up 没有输出：listen 8080$/);
  expect(() => mustSay(said, message(startupText('doctor.bind.fixLinux', { port: 8080 })))).toThrow(/^harness up 没有输出：.*8080.*…$/);
  expect(() => mustExit(0, 1)).toThrow(/^harness up 的退出码是 0，不是 1$/);
  expect(() => explanation('proxy | nginx: [emerg] still could not bind()')).toThrow(/^harness up 没有输出以“原因：”开头的行$/);
  // English labels are not Chinese ones: an English explanation read under zh-CN is a miss.
  const english = printed('en');
  setLang('zh-CN');
  expect(() => explanation(english)).toThrow(/原因：/);
});
