import type { DelayAction } from '../../stand-in/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';
import type { FaultValues } from './fault.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'Admin answers wait MS (± --jitter, by --distribution) before the controller runs (an IDE breakpoint, a slow query): past proxy_read_timeout nginx answers 504.',
    brief: 'Admin answers wait MS (± --jitter, by --distribution) before the controller runs',
    ms: 'the wait before each answer in milliseconds (lognormal: the median)',
    jitter: 'how far each wait strays from MS (uniform: up to ± this; lognormal: the standard deviation)',
    distribution: 'how the waits spread around MS (uniform when --jitter is given, else fixed)',
    fixedJitter: '--distribution fixed waits exactly {ms} ms: leave out --jitter, or choose --distribution uniform or lognormal.',
    needsJitter: '--distribution {distribution} spreads the waits by --jitter MS: give it (e.g. --jitter 500).',
    wait: 'Admin answers now wait {wait}',
    waitAbout: 'Admin answers now wait ({distribution}, ±{jitter} ms) about {wait}',
  },
  'zh-CN': {
    summary: '后端服务在 controller 运行前先等待 MS 毫秒再响应（IDE 断点、慢查询；可用 --jitter 加浮动，用 --distribution 选分布）：超过 proxy_read_timeout 时 nginx 返回 504。',
    brief: '后端服务在 controller 运行前先等待 MS 毫秒再响应（可用 --jitter 加浮动）',
    ms: '每个响应前等待的毫秒数（lognormal：中位数）',
    jitter: '每次等待偏离 MS 多少（uniform：最多正负这么多；lognormal：标准差）',
    distribution: '等待时间在 MS 附近怎样分布（给了 --jitter 时默认 uniform，否则 fixed）',
    fixedJitter: '--distribution fixed 每次正好等待 {ms} 毫秒：请去掉 --jitter，或者选择 --distribution uniform 或 lognormal。',
    needsJitter: '--distribution {distribution} 按 --jitter MS 让等待时间浮动：请给出它（例如 --jitter 500）。',
    wait: '现在后端服务的响应等待 {wait}',
    waitAbout: '现在后端服务的响应等待（{distribution}，±{jitter} 毫秒）大约 {wait}',
  },
});

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
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('ms'), example: '3000' },
    { name: 'jitter', flag: true, type: 'integer', min: 0, max: 3_600_000, placeholder: 'MS', describe: t('jitter'), example: '500' },
    { name: 'distribution', flag: true, type: 'choice', values: DISTRIBUTIONS, placeholder: 'fixed|uniform|lognormal', describe: t('distribution'), example: 'lognormal' },
  ],
  check(v) {
    const d = v.distribution;
    if (d === 'fixed' && v.jitter) return t('fixedJitter', { ms: v.ms as number });
    if ((d === 'uniform' || d === 'lognormal') && !v.jitter) return t('needsJitter', { distribution: d });
    return undefined;
  },
  random: (v) => distributionOf(v) !== 'fixed',
  effect(target, v) {
    const what = (wait: string) => (distributionOf(v) === 'fixed' ? t('wait', { wait }) : t('waitAbout', { distribution: distributionOf(v), jitter: v.jitter as number, wait }));
    return readTimeoutEffect(target, v.ms as number, what);
  },
  action(v): DelayAction {
    const distribution = distributionOf(v);
    const ms = v.ms as number;
    const jitter = (v.jitter as number | undefined) ?? 0;
    return { stage: 'delay', delayMs: (random) => latencyMs(distribution, ms, jitter, random) };
  },
});
