// One run of a scenario: its stack, its steps, then what the doctor finds in the logs it left.
import { Timeline } from '../timeline/timeline.js';
import { describeExpectation, expectDiagnosis } from '../doctor/index.js';
import { messages } from '../i18n/index.js';
import { ObservationFailed, Run, RunStopped, type RunOptions, type RunResult, type Scenario } from './runner.js';
import { diagnosisOf } from './scenario.js';

const t = messages({
  en: {
    'chaos.runner.startStack': 'start a stack: {engine} engine, {os} profile',
    'chaos.runner.doctorReads': 'harness doctor reads the run\'s logs as {expectation}',
    'chaos.runner.doctorFound': 'the doctor found {wrong}',
    'chaos.runner.runStopped': 'the run stopped: {error}',
    'chaos.runner.runStoppedShort': '✗ the run stopped',
    'chaos.runner.stoppedWhy': 'stopped: {why}',
    'chaos.runner.miscounted': '{name} made {made} observations but declares {declared}: correct its `observations`',
  },
  'zh-CN': {
    'chaos.runner.startStack': '启动一个环境：{engine} 引擎，{os} 系统',
    'chaos.runner.doctorReads': 'harness doctor 对这次运行日志的判断是：{expectation}',
    'chaos.runner.doctorFound': 'doctor 发现了 {wrong}',
    'chaos.runner.runStopped': '运行中断：{error}',
    'chaos.runner.runStoppedShort': '✗ 运行中断',
    'chaos.runner.stoppedWhy': '已停止：{why}',
    'chaos.runner.miscounted': '{name} 做了 {made} 项观察，但声明的是 {declared} 项：请改正它的 `observations`',
  },
});

export async function runScenario(s: Scenario, o: RunOptions): Promise<RunResult> {
  const timeline = new Timeline();
  const run = new Run(s, o, timeline);
  let error: Error | undefined;
  let screenshot: Buffer | undefined;
  const body = async () => {
    if (s.stack !== false) {
      run.step(t('chaos.runner.startStack', { engine: o.engine, os: o.os }));
      await run.startStack(s.stack?.({ engine: o.engine, os: o.os }) ?? {});
    }
    await s.steps(run);
    const made = run.verdicts.filter((v) => v.kind === 'observation').length;
    if (made !== s.observations) throw new Error(t('chaos.runner.miscounted', { name: s.name, made, declared: s.observations }));
    const want = diagnosisOf(s, o);
    if (want) {
      await run.observe(t('chaos.runner.doctorReads', { expectation: describeExpectation(want) }), () => {
        const wrong = expectDiagnosis(run.diagnosis(), want);
        if (wrong.length) throw new Error(t('chaos.runner.doctorFound', { wrong: wrong.join('; ') }));
      });
    }
  };
  const running = body();
  try {
    await (o.stopAsked ? Promise.race([running, o.stopAsked.then((why) => Promise.reject(new RunStopped(t('chaos.runner.stoppedWhy', { why }))))]) : running);
  } catch (e) {
    error = e as Error;
    if (!(e instanceof ObservationFailed)) timeline.add({ lane: 'harness', kind: 'observation', label: t('chaos.runner.runStopped', { error: error.message }), short: t('chaos.runner.runStoppedShort'), detail: 'fail' });
    screenshot = await run.screenshot();
  } finally {
    await run.finish({ stopped: error instanceof RunStopped });
    // Steps cut short by a stop request fail fast on the stopped stacks; what they started (a
    // stack of their own, as missing-temp-dir's up()) has stopped once they have ended.
    await running.catch(() => undefined);
  }
  const observations = run.verdicts.filter((v) => v.kind === 'observation');
  const held = observations.filter((v) => v.ok).length;
  const failed = observations.length - held;
  const planned = s.observations + (diagnosisOf(s, o) ? 1 : 0);
  return {
    ok: !error,
    error,
    verdicts: run.verdicts,
    tally: { held, failed, notRun: Math.max(0, planned - held - failed) },
    timeline,
    prefixes: run.prefixes,
    screenshot,
    ms: timeline.now(),
  };
}
