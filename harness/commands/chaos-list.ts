// `harness chaos list`: the scenarios, the faults, and which scenario produces each of the
// doctor's conditions.
import type { Argv } from 'yargs';
import { SCENARIOS } from '../../scenarios/index.js';
import { secondsOf } from '../scenario-runner/scenario.js';
import { FAULTS, shownUsage, usage } from '../faults/index.js';
import { coverage } from '../../scenarios/coverage.js';
import { printJson } from '../terminal.js';
import { t } from './chaos-list.texts.js';
import { jsonOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

type Out = (s: string) => void;

export const builder = (y: Argv) => y.option('json', jsonOption());

export const handler = (a: Args<typeof builder>) => guard(async () => chaosList(print, { json: a.json }));

/** What `chaos list --json` prints: the scenarios, the faults and the doctor's conditions with their producers. */
function listJson() {
  return {
    scenarios: SCENARIOS.map((s) => ({
      name: s.name,
      summary: s.summary,
      engines: s.engines ?? ['embedded', 'nginx'],
      profiles: s.profiles ?? ['linux'],
      seconds: Object.fromEntries((s.profiles ?? ['linux']).map((p) => [p, secondsOf(s, p)])),
      faults: s.faults ?? [],
      ...(s.needsStandIn ? { needsStandIn: s.needsStandIn } : {}),
    })),
    faults: FAULTS.map((f) => ({ name: f.name, ...(f.alias ? { alias: f.alias } : {}), usage: usage(f), summary: f.summary })),
    conditions: coverage(),
  };
}

export function chaosList(out: Out, o: { json?: boolean } = {}): number {
  if (o.json) return printJson(out, listJson());
  out(t('chaos.list.scenarios'));
  const nameWidth = Math.max(...SCENARIOS.map((s) => s.name.length)) + 2;
  for (const s of SCENARIOS) {
    const profiles = s.profiles ?? ['linux'];
    const where = [t('chaos.list.engines', { engines: (s.engines ?? ['embedded', 'nginx']).join('/') }), t('chaos.list.profiles', { profiles: profiles.join('/') }), typeof s.seconds === 'number' ? t('chaos.list.seconds', { seconds: s.seconds }) : profiles.map((p) => t('chaos.list.secondsOn', { seconds: secondsOf(s, p), profile: p })).join(t('chaos.list.sep'))];
    out(`  ${s.name.padEnd(nameWidth)}${s.summary}`);
    out(`  ${''.padEnd(nameWidth)}${where.join(t('chaos.list.sep'))}${s.faults?.length ? t('chaos.list.faultsOf', { faults: s.faults.join(', ') }) : ''}${s.needsStandIn ? t('chaos.list.standInOnly') : ''}`);
  }
  out(t('chaos.list.external'));
  out(t('chaos.list.faults'));
  out(t('chaos.list.faultsAdmin'));
  for (const f of FAULTS) {
    out(`  ${shownUsage(f)}`);
    out(`      ${f.summary}`);
  }
  out(t('chaos.list.conditions'));
  const cov = coverage();
  const width = Math.max(...cov.map((c) => c.condition.length)) + 2;
  for (const c of cov) {
    const by = c.producers.map((p) => {
      // Real nginx runs the Linux profile only: for it, the profile goes without saying.
      const where = [p.engines.length < 2 ? p.engines[0] : '', p.profiles.length < 2 && p.engines.includes('embedded') ? p.profiles[0] : ''].filter(Boolean).join(', ');
      return where ? `${p.scenario} (${where})` : p.scenario;
    });
    out(`  ${c.condition.padEnd(width)}${by.length ? by.join(', ') : t('chaos.list.noProducer', { reason: c.reason ?? t('chaos.list.noScenarioYet') })}`);
  }
  return 0;
}
