/**
 * A histogram of values (value → count): the sufficient statistic of a figure such as the rounds
 * of a combat or the damage a side dealt. Memory grows with the number of distinct values, not
 * with the number of runs; two tallies merge by adding counts; and every summary (mean, standard
 * deviation, median, 90th percentile) is computed from the sorted tally, so it depends only on the
 * counts — never on the order in which runs arrived — and merged shards give the same bytes as
 * one run.
 */
import { Z95, type Summary } from './stats.js';

export class Tally {
  readonly counts = new Map<number, number>();

  add(value: number, count = 1): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + count);
  }

  merge(other: Tally): void {
    for (const [v, c] of other.counts) this.add(v, c);
  }

  /** [value, count] pairs in ascending order of value. */
  toJSON(): Array<[number, number]> {
    return [...this.counts].sort((a, b) => a[0] - b[0]);
  }

  static fromJSON(pairs: Array<[number, number]>): Tally {
    const t = new Tally();
    for (const [v, c] of pairs) t.add(v, c);
    return t;
  }

  /**
   * The same summary as `summarize` of the raw values: nearest-rank median and 90th percentile,
   * sample standard deviation, normal interval of the mean. The standard deviation sums the
   * squared deviations by distinct value (ascending) instead of run by run, so its last bits can
   * differ from summing run by run; every other figure is exactly the same.
   */
  summary(z = Z95): Summary {
    const sorted = this.toJSON();
    const n = sorted.reduce((t, [, c]) => t + c, 0);
    if (n === 0)
      return { n, mean: 0, sd: 0, meanInterval: { estimate: 0, low: 0, high: 0 }, median: 0, p90: 0, min: 0, max: 0, histogram: [] };
    const mean = sorted.reduce((t, [v, c]) => t + v * c, 0) / n;
    const sd = n > 1 ? Math.sqrt(sorted.reduce((t, [v, c]) => t + c * (v - mean) ** 2, 0) / (n - 1)) : 0;
    const half = n > 1 ? (z * sd) / Math.sqrt(n) : 0;
    const q = (p: number) => {
      const rank = Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1));
      let seen = 0;
      for (const [v, c] of sorted) {
        seen += c;
        if (seen > rank) return v;
      }
      return sorted[sorted.length - 1]![0];
    };
    return {
      n,
      mean,
      sd,
      meanInterval: { estimate: mean, low: mean - half, high: mean + half },
      median: q(0.5),
      p90: q(0.9),
      min: sorted[0]![0],
      max: sorted[sorted.length - 1]![0],
      histogram: sorted.map(([value, count]) => ({ value, count })),
    };
  }
}

/** Count, sum and sum of squares: the mean and its interval without keeping the values. */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}

export const emptyMoments = (): Moments => ({ n: 0, sum: 0, sumSq: 0 });

export function addMoments(m: Moments, value: number, count = 1): void {
  m.n += count;
  m.sum += value * count;
  m.sumSq += value * value * count;
}

export function mergeMoments(a: Moments, b: Moments): void {
  a.n += b.n;
  a.sum += b.sum;
  a.sumSq += b.sumSq;
}

/** Mean with a normal 95% interval. Exact (order-independent) for integer data below 2^53. */
export function meanInterval(m: Moments, z = Z95): { estimate: number; low: number; high: number } {
  if (m.n === 0) return { estimate: 0, low: 0, high: 0 };
  const mean = m.sum / m.n;
  const variance = m.n > 1 ? Math.max(0, (m.sumSq - (m.sum * m.sum) / m.n) / (m.n - 1)) : 0;
  const half = (z * Math.sqrt(variance)) / Math.sqrt(m.n);
  return { estimate: mean, low: mean - half, high: mean + half };
}
