import { describe, expect, it } from 'vitest';
import { pieceSize } from '../interpreter/simulate/runner.js';

/** The pieces a pool cuts [0, total) into for `workers` workers, in order. */
function pieces(total: number, workers: number): number[] {
  const out: number[] = [];
  for (let next = 0; next < total;) {
    const size = pieceSize(total - next, workers);
    out.push(size);
    next += size;
  }
  return out;
}

describe('simulate: the pieces given to workers (guided self-scheduling)', () => {
  it('cover every run exactly once, whatever the total and the number of workers', () => {
    for (const total of [1, 2, 24, 25, 26, 99, 500, 1001, 20_000])
      for (const workers of [1, 2, 3, 8]) expect(pieces(total, workers).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('are at most 500 runs, at least 25 but for the last, and shrink towards the end', () => {
    const p = pieces(20_000, 2);
    expect(Math.max(...p)).toBe(500);
    expect(p.slice(0, -1).every((n) => n >= 25)).toBe(true);
    for (let i = 1; i < p.length; i++) expect(p[i]).toBeLessThanOrEqual(p[i - 1]!);
    expect(p.at(-1)).toBeLessThanOrEqual(25);
  });

  it('give a small slice in a few pieces, so two workers share it', () => {
    const p = pieces(500, 2);
    expect(p[0]).toBeLessThan(250);
    expect(p.length).toBeGreaterThan(4);
  });
});
