import type { DelayAction } from '../../stubs/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';
import type { FaultValues } from './fault.js';
import { t } from '../i18n/index.js';

const DISTRIBUTIONS = ['fixed', 'uniform', 'lognormal'] as const;
type Distribution = (typeof DISTRIBUTIONS)[number];

/** --distribution as given, else uniform with a --jitter (toxiproxy's latency), fixed without. */
const distributionOf = (v: FaultValues): Distribution => (v.distribution as Distribution | undefined) ?? (v.jitter ? 'uniform' : 'fixed');

/**
 * The wait of one request: `fixed` MS; `uniform` MS ± JITTER (toxiproxy); `lognormal` median MS and
 * standard deviation JITTER (WireMock's long tail: most answers near MS, a few much later).
 */
export function latencyMs(distribution: Distribution, ms: number, jitter: number, random: () => number): number {
  if (distribution === 'fixed' || jitter === 0) return ms;
  if (distribution === 'uniform') return Math.max(0, Math.round(ms + (2 * random() - 1) * jitter));
  if (ms === 0) return 0;
  // σ of the normal beneath, from the median and the standard deviation: e^{σ²}(e^{σ²}−1) = (sd/median)².
  const r = jitter / ms;
  const sigma = Math.sqrt(Math.log((1 + Math.sqrt(1 + 4 * r * r)) / 2));
  // Box–Muller, from two of the fault's own draws (1 − u keeps the logarithm finite).
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.round(ms * Math.exp(sigma * normal));
}

export const adminLatency = wireFault({
  name: 'admin.latency',
  alias: 'admin.slow',
  marksPeerDown: true,
  summary: t('fault.admin.latency.summary'),
  params: [
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('fault.admin.latency.ms'), example: '3000' },
    { name: 'jitter', flag: true, type: 'integer', min: 0, max: 3_600_000, placeholder: 'MS', describe: t('fault.admin.latency.jitter'), example: '500' },
    { name: 'distribution', flag: true, type: 'choice', values: DISTRIBUTIONS, placeholder: 'fixed|uniform|lognormal', describe: t('fault.admin.latency.distribution'), example: 'lognormal' },
  ],
  check(v) {
    const d = v.distribution;
    if (d === 'fixed' && v.jitter) return t('fault.admin.latency.fixedJitter', { ms: v.ms as number });
    if ((d === 'uniform' || d === 'lognormal') && !v.jitter) return t('fault.admin.latency.needsJitter', { distribution: d });
    return undefined;
  },
  random: (v) => distributionOf(v) !== 'fixed',
  effect(target, v) {
    const what = (wait: string) => (distributionOf(v) === 'fixed' ? t('fault.admin.latency.wait', { wait }) : t('fault.admin.latency.waitAbout', { distribution: distributionOf(v), jitter: v.jitter as number, wait }));
    return readTimeoutEffect(target, v.ms as number, what);
  },
  action(v): DelayAction {
    const distribution = distributionOf(v);
    const ms = v.ms as number;
    const jitter = (v.jitter as number | undefined) ?? 0;
    return { stage: 'delay', delayMs: (random) => latencyMs(distribution, ms, jitter, random) };
  },
});
