// Every scenario of scenarios/, on the project's engine, under each OS profile it is about: the
// same definitions `harness chaos run` runs. Each test is tagged with its scenario's name
// (`npx playwright test --grep @admin-down`) and has the run's timeline attached (SVG and JSON).
import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { SCENARIOS } from '../scenarios/index.js';
import { secondsOf } from '../harness/scenario-runner/scenario.js';
import { runScenario } from '../harness/scenario-runner/run-scenario.js';
import { applies } from '../harness/scenario-runner/scenario.js';
import { renderSvg } from '../harness/timeline/svg.js';

for (const s of SCENARIOS) {
  for (const os of s.profiles ?? ['linux']) {
    test(`${s.name}${os === 'windows' ? ' (windows profile)' : ''}: ${s.summary}`, { tag: `@${s.name}` }, async ({ engine, browser }, testInfo) => {
      const reason = applies(s, engine, os);
      test.skip(reason !== undefined, reason);
      test.setTimeout((secondsOf(s, os) + 30) * 1000);
      let context: BrowserContext | undefined;
      const result = await runScenario(s, {
        engine,
        os,
        dir: testInfo.outputPath('run'),
        // Playwright's own tracing (retain-on-failure) records this context too.
        newPage: async () => {
          context = await browser.newContext();
          return context.newPage();
        },
      });
      const title = `${s.name} — ${engine} engine, ${os} profile — ${result.ok ? 'passed' : 'FAILED'}`;
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
    });
  }
}
