// `harness chaos run` in Chinese: the scenario's summary, its steps, each observation's verdict and
// the run's summary, as a Chinese developer reads them (--lang zh-CN over the HARNESS_LANG=en the
// specs run with). admin-token: the quickest scenario with steps and observations of its own; then
// a scenario file that fails, for the failed verdict and the count.
import { test, expect } from './fixtures.js';
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distFile } from '../harness/paths.js';

test('harness chaos run admin-token --lang zh-CN: Chinese steps and verdicts, PASSED said in Chinese, the same exit and files', { tag: '@admin-token' }, async ({ engine }, testInfo) => {
  const out = testInfo.outputPath('run');
  const r = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'run', 'admin-token', '--proxy', engine, '--out', out, '--lang', 'zh-CN'], { reject: false, all: true, timeout: 60_000 });
  expect(r.exitCode, r.all).toBe(0);
  expect(r.all).toContain('admin-token: 先不带 token 调用管理端接口');
  expect(r.all).toContain(`  ${engine} 引擎，linux 系统；新建的环境在 ${out}`);
  expect(r.all).toMatch(/→ 启动一个环境：\w+ 引擎，linux 系统/);
  expect(r.all).toMatch(/→ GET \/api\/employee\/page，不带 "token" 请求头/);
  expect(r.all).toMatch(/✓ 后端服务返回 401，没有错误日志：这是响应，不是故障/);
  expect(r.all).toMatch(/✓ 又是 401，两次都在 access log 里/);
  expect(r.all).toMatch(/\n全部通过：3\/3 项检查（\d+\.\d s）。/);
  expect(r.all).toContain(`反向代理的日志：${join(out, 'stack-0', 'logs')}`);
  expect(r.all).not.toMatch(/PASSED|observations hold/);
  // The verdicts in timeline.json are the ones the user read.
  const { verdicts } = JSON.parse(readFileSync(join(out, 'timeline.json'), 'utf8')) as { verdicts: { kind: string; text: string; ok?: boolean }[] };
  expect(verdicts.filter((v) => v.kind === 'observation').map((v) => v.ok)).toEqual([true, true, true]);
  expect(verdicts.find((v) => v.kind === 'observation')?.text).toBe('后端服务返回 401，没有错误日志：这是响应，不是故障');
});

test('harness chaos run FILE --lang zh-CN: a failed observation, the count of what held, failed and never ran, and the cut diff, in Chinese', async ({ engine }, testInfo) => {
  test.setTimeout(60_000);
  const out = testInfo.outputPath('run');
  const r = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'run', distFile('tests/support/failing-scenario.js'), '--proxy', engine, '--out', out, '--lang', 'zh-CN'], { reject: false, all: true, timeout: 60_000 });
  expect(r.exitCode, r.all).toBe(1);
  expect(r.all).toContain('✗ the list is empty');
  expect(r.all).toMatch(/… 还有 \d+ 行：完整的结论在 timeline\.json 里/);
  expect(r.all).toMatch(/\n失败：1 项通过，1 项失败，2 项未运行（\d+\.\d s）。/);
  expect(r.all).toContain(`；失败时的浏览器截图：${join(out, 'failure.png')}`);
});

// The scenarios of a proxy that does not start read harness up's own explanation: under a Chinese
// locale they find it in Chinese (their checks take the labels from up.texts.ts), and pass.
for (const [name, args, engines] of [
  ['missing-temp-dir', [], ['embedded', 'nginx']],
  ['proxy-start-failures', [], ['embedded', 'nginx']],
  ['embedded-unsupported', [], ['embedded']],
  ['excluded-port', ['--os', 'windows'], ['embedded']],
] as const) {
  test(`harness chaos run ${[name, ...args].join(' ')} --lang zh-CN: every observation holds on the Chinese explanation`, { tag: `@${name}` }, async ({ engine }, testInfo) => {
    test.skip(!(engines as readonly string[]).includes(engine), `${name} runs on the embedded engine only`);
    test.setTimeout(60_000);
    const out = testInfo.outputPath('run');
    const r = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'run', name, ...args, '--proxy', engine, '--out', out, '--lang', 'zh-CN'], { reject: false, all: true, timeout: 60_000 });
    expect(r.exitCode, r.all).toBe(0);
    expect(r.all).toMatch(/怎么办：/);
    expect(r.all).toMatch(/\n全部通过：(\d+)\/\1 项检查/);
    expect(r.all).not.toMatch(/✗|expect\(/);
  });
}
