/**
 * Two variants with the same figures draw the same line: the second is told apart by its dash
 * and point shape, not by colour alone (a designer's walk found B "missing" under A).
 */
import { describe, expect, it } from 'vitest';
import { lineStyleOf } from './chart-options.js';

describe('lineStyleOf', () => {
  it('gives the first four variants each a dash and a point shape of its own, the first solid', () => {
    const styles = [0, 1, 2, 3].map(lineStyleOf);
    expect(styles[0]!.borderDash).toEqual([]);
    expect(new Set(styles.map((s) => JSON.stringify(s.borderDash))).size).toBe(4);
    expect(new Set(styles.map((s) => s.pointStyle)).size).toBe(4);
    for (const s of styles.slice(1)) expect(s.borderDash.length).toBeGreaterThan(0);
  });

  it('starts again after the last', () => {
    expect(lineStyleOf(4)).toEqual(lineStyleOf(0));
    expect(lineStyleOf(5)).toEqual(lineStyleOf(1));
  });
});
