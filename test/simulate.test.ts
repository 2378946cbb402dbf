/**
 * Simulation: the statistics are right, and the results do not depend on the number of workers
 * (run i always uses the seed derived from (S, i)).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { meanDifference, proportionDifference, runSeed, summarize, wilson } from '../interpreter/simulate/stats.js';
import { ROOT } from './support/cases.js';

describe('statistics', () => {
  it('Wilson interval: known values (Newcombe 1998, table I: 81/263 → 0.2553–0.3662)', () => {
    const w = wilson(81, 263);
    expect(w.estimate).toBeCloseTo(0.308, 3);
    expect(w.low).toBeCloseTo(0.2553, 3);
    expect(w.high).toBeCloseTo(0.3662, 3);
  });
  it('Wilson interval stays inside [0, 1] at the edges', () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 10).high).toBeGreaterThan(0.2);
  });
  it('difference of proportions: Newcombe method 10 (56/70 vs 48/80 → 0.0524–0.3339)', () => {
    const d = proportionDifference(56, 70, 48, 80);
    expect(d.estimate).toBeCloseTo(0.2, 3);
    expect(d.low).toBeCloseTo(0.0524, 3);
    expect(d.high).toBeCloseTo(0.3339, 3);
    expect(d.significant).toBe(true);
  });
  it('summaries: median, 90th percentile, histogram', () => {
    const s = summarize([1, 2, 2, 3, 3, 3, 4, 4, 4, 10]);
    expect(s.median).toBe(3);
    expect(s.p90).toBe(4);
    expect(s.histogram).toEqual([
      { value: 1, count: 1 },
      { value: 2, count: 2 },
      { value: 3, count: 3 },
      { value: 4, count: 3 },
      { value: 10, count: 1 },
    ]);
    expect(meanDifference(s, s).significant).toBe(false);
  });
  it('run seeds are deterministic and spread', () => {
    expect(runSeed(1, 0)).toBe(runSeed(1, 0));
    expect(new Set(Array.from({ length: 1000 }, (_, i) => runSeed(7, i))).size).toBe(1000);
  });
});

describe('phasebook simulate', () => {
  const sim = (workers: number) =>
    spawnSync(
      process.execPath,
      [
        'bin/phasebook.js',
        'simulate',
        'rulesets/ose/ose.json',
        'rulesets/ose/encounters/skirmish.json',
        '--with',
        'rulesets/ose/overlays/phased-round.json',
        '--vs',
        'rulesets/ose/ose.json',
        '--runs',
        '40',
        '--seed',
        '9',
        '--workers',
        String(workers),
        '--format',
        'json',
      ],
      { cwd: join(ROOT), encoding: 'utf8' },
    );
  // The work is bounded by the count of runs (40 per variant), not by a time limit.
  it('gives identical results with 1 and 3 workers', () => {
    const a = sim(1);
    const b = sim(3);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    const strip = (s: string) => {
      const v = JSON.parse(s) as { meta: Record<string, unknown> };
      delete v.meta.ms;
      delete v.meta.workers;
      return v;
    };
    expect(strip(a.stdout)).toEqual(strip(b.stdout));
    const v = JSON.parse(a.stdout) as {
      variants: Array<{ runs: number; sides: Record<string, { wins: number }> }>;
      comparisons: unknown[];
    };
    expect(v.variants).toHaveLength(2);
    expect(v.comparisons).toHaveLength(1);
    for (const r of v.variants) expect(Object.values(r.sides).reduce((t, s) => t + s.wins, 0)).toBeLessThanOrEqual(r.runs);
  }, 600_000); // a guard against a stuck process on a shared machine, not a speed check
});
