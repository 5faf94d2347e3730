import type { DelayAction } from '../../stubs/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';
import type { FaultValues } from './fault.js';

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
  summary: 'Admin answers wait MS (± --jitter, by --distribution) before the controller runs (an IDE breakpoint, a slow query): past proxy_read_timeout nginx answers 504.',
  params: [
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: 'the wait before each answer in milliseconds (lognormal: the median)', example: '3000' },
    { name: 'jitter', flag: true, type: 'integer', min: 0, max: 3_600_000, placeholder: 'MS', describe: 'how far each wait strays from MS (uniform: up to ± this; lognormal: the standard deviation)', example: '500' },
    { name: 'distribution', flag: true, type: 'choice', values: DISTRIBUTIONS, placeholder: 'fixed|uniform|lognormal', describe: 'how the waits spread around MS (uniform when --jitter is given, else fixed)', example: 'lognormal' },
  ],
  check(v) {
    const d = v.distribution;
    if (d === 'fixed' && v.jitter) return `--distribution fixed waits exactly ${v.ms} ms: leave out --jitter, or choose --distribution uniform or lognormal.`;
    if ((d === 'uniform' || d === 'lognormal') && !v.jitter) return `--distribution ${d} spreads the waits by --jitter MS: give it (e.g. --jitter 500).`;
    return undefined;
  },
  random: (v) => distributionOf(v) !== 'fixed',
  effect(target, v) {
    const what = distributionOf(v) === 'fixed' ? 'Admin answers now wait' : `Admin answers now wait (${distributionOf(v)}, ±${v.jitter} ms) about`;
    return readTimeoutEffect(target, v.ms as number, what);
  },
  action(v): DelayAction {
    const distribution = distributionOf(v);
    const ms = v.ms as number;
    const jitter = (v.jitter as number | undefined) ?? 0;
    return { stage: 'delay', delayMs: (random) => latencyMs(distribution, ms, jitter, random) };
  },
});
