// Small statistics for the benchmark: medians and spreads of a handful of rounds.

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** Interquartile range (linear interpolation), for the JSON. */
  q1: number;
  q3: number;
  n: number;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function spread(values: number[]): Spread {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return {
    median: quantile(v, 0.5),
    min: v.length ? v[0] : NaN,
    max: v.length ? v[v.length - 1] : NaN,
    q1: quantile(v, 0.25),
    q3: quantile(v, 0.75),
    n: v.length,
  };
}

export function median(values: number[]): number {
  return spread(values).median;
}
