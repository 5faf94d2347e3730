// One scenario run as a Playwright test: on the project's engine, under one OS profile, with the
// run's timeline, verdicts and screenshot attached. tests/scenarios.spec.ts runs every scenario on the
// stand-in; tests/real-admin.spec.ts runs the admin server's scenarios in front of the course's real
// server (`adminUpstream`).
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Scenario } from '../../harness/scenario-runner/scenario.js';
import type { RunOptions } from '../../harness/scenario-runner/runner.js';
import { runScenario } from '../../harness/scenario-runner/run-scenario.js';
import type { EngineName } from '../../harness/engine/engine.js';
import type { OsName } from '../../harness/os-profile.js';
import { renderSvg } from '../../harness/timeline/svg.js';

export async function scenarioTest(
  s: Scenario,
  o: { engine: EngineName; os: OsName; browser: Browser; adminUpstream?: RunOptions['adminUpstream'] },
  testInfo: TestInfo,
): Promise<void> {
  let context: BrowserContext | undefined;
  const result = await runScenario(s, {
    engine: o.engine,
    os: o.os,
    dir: testInfo.outputPath('run'),
    adminUpstream: o.adminUpstream,
    // Playwright's own tracing (retain-on-failure) records this context too.
    newPage: async () => {
      context = await o.browser.newContext();
      return context.newPage();
    },
  });
  const title = `${s.name} — ${o.engine} engine, ${o.os} profile — ${result.ok ? 'passed' : 'FAILED'}`;
  await testInfo.attach('timeline.svg', { body: renderSvg(result.timeline.toJSON().events, title), contentType: 'image/svg+xml' });
  await testInfo.attach('timeline.json', { body: JSON.stringify(result.timeline.toJSON(), null, 2), contentType: 'application/json' });
  await testInfo.attach('verdicts.txt', {
    body: result.verdicts.map((v) => `${(v.t / 1000).toFixed(2)}s ${v.kind === 'observation' ? (v.ok ? 'PASS' : 'FAIL') : v.kind.toUpperCase()} ${v.text}${v.error ? `\n    ${v.error}` : ''}`).join('\n'),
    contentType: 'text/plain',
  });
  if (result.screenshot) await testInfo.attach('screenshot.png', { body: result.screenshot, contentType: 'image/png' });
  await context?.close();
  if (!result.ok) throw result.error;
  // Every proxy line and admin request of an /api request is linked to the one request that
  // caused it, and placed no earlier than that request was sent.
  const events = result.timeline.toJSON().events;
  const unlinked = events.filter((e) => (e.lane === 'proxy' || e.lane === 'admin') && e.requestLine?.includes(' /api/') && !e.request);
  expect(unlinked.map((e) => e.label)).toEqual([]);
  const sent = new Map(events.filter((e) => e.id).map((e) => [e.id, e.t]));
  expect(events.filter((e) => e.request && e.t < sent.get(e.request)! - 10).map((e) => e.label)).toEqual([]);
}
