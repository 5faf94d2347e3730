// Coverage made visible: every condition the doctor knows is produced by a scenario (its run's
// logs must be diagnosed as it), or is listed with the reason it cannot be produced here; and
// `harness chaos list` says which, per condition.
import { test, expect } from '@playwright/test';
import { CONDITION_IDS } from '../../harness/doctor/index.js';
import { coverage, UNPRODUCIBLE } from '../../scenarios/coverage.js';
import { chaosList } from '../../harness/commands/chaos-list.js';
import { defineScenario } from '../../harness/scenario-runner/scenario.js';
import { SCENARIOS } from '../../scenarios/index.js';
import { FAULTS } from '../../harness/faults/index.js';

test('every condition the doctor knows has a scenario that produces it, or the reason none can', () => {
  const uncovered = coverage().filter((c) => !c.producers.length && !c.reason).map((c) => c.condition);
  expect(uncovered, 'conditions no scenario produces and UNPRODUCIBLE does not explain: write a scenario that leaves one in its logs').toEqual([]);
  // A reason for a condition a scenario does produce is out of date.
  expect(coverage().filter((c) => c.producers.length && UNPRODUCIBLE[c.condition]).map((c) => c.condition)).toEqual([]);
  expect(Object.keys(UNPRODUCIBLE).filter((c) => !(CONDITION_IDS as readonly string[]).includes(c))).toEqual([]);
});

test('a producer is a scenario whose expected diagnosis names the condition, on the engines and profiles it runs on', () => {
  const s = defineScenario({
    name: 'x',
    summary: 'x',
    profiles: ['linux', 'windows'],
    diagnosis: ({ os }) => ({ conditions: os === 'windows' ? ['port-forbidden'] : ['bind-failed'], harmless: ['info'] }),
    observations: 0,
    seconds: 1,
    steps: async () => undefined,
  });
  const byCondition = Object.fromEntries(coverage([s]).map((c) => [c.condition, c.producers]));
  // Real nginx runs the Linux profile only.
  expect(byCondition['bind-failed']).toEqual([{ scenario: 'x', engines: ['embedded', 'nginx'], profiles: ['linux'] }]);
  expect(byCondition['port-forbidden']).toEqual([{ scenario: 'x', engines: ['embedded'], profiles: ['windows'] }]);
  expect(byCondition.info).toEqual([{ scenario: 'x', engines: ['embedded', 'nginx'], profiles: ['linux', 'windows'] }]);
  expect(byCondition['upstream-reset']).toEqual([]);
});

test('harness chaos list shows, per condition, the scenarios that produce it, and why none does where none can', () => {
  const lines: string[] = [];
  chaosList((l) => lines.push(l));
  const text = lines.join('\n');
  expect(text).toContain('Doctor conditions, and the scenarios that produce them');
  const row = (c: string) => lines.find((l) => new RegExp(`^  ${c} +`).test(l));
  expect(row('upstream-reset')).toMatch(/ admin-reset, worker-limits \(nginx\)$/);
  expect(row('upstream-invalid-header')).toMatch(/admin-bad-answers$/);
  expect(row('signal-failed')).toMatch(/reload-without-nginx \(nginx\)$/);
  expect(row('port-forbidden')).toMatch(/excluded-port \(embedded, windows\)$/);
  expect(row('path-encoding')).toContain('none: needs nginx on Windows');
  for (const c of CONDITION_IDS) expect(row(c), c).toBeDefined();
});

test('chaos list --json: the same scenarios, faults and conditions as the text, as one object', () => {
  const out: string[] = [];
  expect(chaosList((l) => out.push(l), { json: true })).toBe(0);
  expect(out).toHaveLength(1);
  const list = JSON.parse(out[0]) as { scenarios: { name: string; engines: string[]; seconds: Record<string, number> }[]; faults: { name: string; usage: string }[]; conditions: { condition: string }[] };
  expect(list.scenarios.map((s) => s.name)).toEqual(SCENARIOS.map((s) => s.name));
  expect(list.scenarios.find((s) => s.name === 'admin-down')).toMatchObject({ engines: ['embedded', 'nginx'], seconds: { linux: expect.any(Number) } });
  expect(list.faults.map((f) => f.name)).toEqual(FAULTS.map((f) => f.name));
  expect(list.faults.find((f) => f.name === 'admin.latency')?.usage).toMatch(/^admin\.latency /);
  expect(list.conditions.map((c) => c.condition).sort()).toEqual([...CONDITION_IDS].sort());
});
