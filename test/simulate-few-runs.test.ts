/**
 * Very few runs: one combat per variant gives no spread to estimate, so a difference of means is
 * never marked significant (it was, with a zero-width interval, after a single run).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { meanDifference, summarize } from '../interpreter/simulate/stats.js';
import { ensureBuilt, runBinary } from './support/binary.js';

beforeAll(() => ensureBuilt(), 300_000);

describe('a difference of means from very few runs', () => {
  it('is not significant when a side has one run', () => {
    expect(meanDifference(summarize([3]), summarize([8])).significant).toBe(false);
    expect(meanDifference(summarize([3]), summarize([8, 9, 10])).significant).toBe(false);
    // With a spread on both sides, as before.
    expect(meanDifference(summarize([3, 4, 3, 4]), summarize([8, 9, 8, 9])).significant).toBe(true);
  });

  it('simulate --runs 1 marks no difference with *', () => {
    const R = 'rulesets/ose/';
    const r = runBinary(
      'simulate',
      `${R}ose.json`,
      `${R}encounters/skirmish.json`,
      '--vs',
      `${R}ose.json --with ${R}overlays/phased-round.json`,
      '--runs',
      '1',
      '--workers',
      '1',
      '--no-timing',
    );
    expect(r.status).toBe(0);
    const delta = r.stdout.slice(r.stdout.indexOf('Δ'));
    expect(delta).toMatch(/rounds \(mean\)/);
    expect(delta).not.toMatch(/\*$/m);
  });
});
