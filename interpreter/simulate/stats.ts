/**
 * Statistics for comparing rule variants: proportions with Wilson score intervals, the
 * difference of two proportions (Newcombe's hybrid score interval), and summaries of counts
 * (mean with a normal interval, median, 90th percentile, histogram).
 */
export const Z95 = 1.959963984540054;

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/** Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { estimate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 and k = n the bounds are exactly 0 and 1 (the formula reaches them up to rounding).
  return { estimate: p, low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/** Difference p1 − p2 with Newcombe's (1998, method 10) interval; significant when it excludes 0. */
export function proportionDifference(k1: number, n1: number, k2: number, n2: number, z = Z95): Interval & { significant: boolean } {
  const a = wilson(k1, n1, z);
  const b = wilson(k2, n2, z);
  const d = a.estimate - b.estimate;
  const low = d - Math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2);
  const high = d + Math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2);
  return { estimate: d, low, high, significant: low > 0 || high < 0 };
}

export interface Summary {
  n: number;
  mean: number;
  sd: number;
  meanInterval: Interval;
  median: number;
  p90: number;
  min: number;
  max: number;
  /** value → count, for integer data. */
  histogram: Array<{ value: number; count: number }>;
}

export function summarize(values: number[], z = Z95): Summary {
  const n = values.length;
  if (n === 0)
    return { n, mean: 0, sd: 0, meanInterval: { estimate: 0, low: 0, high: 0 }, median: 0, p90: 0, min: 0, max: 0, histogram: [] };
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : 0;
  const half = n > 1 ? (z * sd) / Math.sqrt(n) : 0;
  const q = (p: number) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))]!;
  const counts = new Map<number, number>();
  for (const v of sorted) counts.set(v, (counts.get(v) ?? 0) + 1);
  return {
    n,
    mean,
    sd,
    meanInterval: { estimate: mean, low: mean - half, high: mean + half },
    median: q(0.5),
    p90: q(0.9),
    min: sorted[0]!,
    max: sorted[n - 1]!,
    histogram: [...counts].map(([value, count]) => ({ value, count })),
  };
}

/**
 * Difference of two means with a normal (Welch) interval; significant when it excludes 0. A side
 * of one run has no spread to estimate (its sd is taken as 0, so the interval is only as wide as
 * the other side's): the difference is then never significant, however far from 0.
 */
export function meanDifference(a: Summary, b: Summary, z = Z95): Interval & { significant: boolean } {
  const d = a.mean - b.mean;
  const se = Math.sqrt((a.n > 1 ? a.sd ** 2 / a.n : 0) + (b.n > 1 ? b.sd ** 2 / b.n : 0));
  const low = d - z * se;
  const high = d + z * se;
  const significant = a.n > 1 && b.n > 1 && (se > 0 ? low > 0 || high < 0 : d !== 0);
  return { estimate: d, low, high, significant };
}

/** The seed of run i of a simulation with seed S: independent of how runs are split across workers. */
export function runSeed(seed: number, i: number): number {
  // splitmix32 of (seed, i): well spread, deterministic, 32-bit.
  let x = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97) >>> 0;
  return (x ^ (x >>> 15)) >>> 0;
}
