/** reuseEqual (share.ts): unchanged parts of a new timeline are the old objects. */
import { describe, expect, it } from 'vitest';
import { reuseEqual } from './share.js';

const act = (seq: number, actor: string, details: Array<{ seq: number; text: string }>, reactions: unknown[] = []) => ({
  seq,
  actor,
  key: `1:${actor}`,
  details,
  reactions,
});

describe('reuseEqual', () => {
  it('returns the old object when nothing changed, seq aside', () => {
    const prev = { rounds: [{ round: 1, acts: [act(3, 'a', [{ seq: 4, text: 'x' }])] }] };
    const next = { rounds: [{ round: 1, acts: [act(5, 'a', [{ seq: 6, text: 'x' }])] }] };
    expect(reuseEqual(prev, next)).toBe(prev);
  });

  it('keeps the unchanged parts and takes the changed ones', () => {
    const prev = {
      rounds: [
        { round: 1, n: 1 },
        { round: 2, n: 2 },
      ],
    };
    const next = {
      rounds: [
        { round: 1, n: 9 },
        { round: 2, n: 2 },
      ],
    };
    const r = reuseEqual(prev, next);
    expect(r).toEqual(next);
    expect(r.rounds[0]).not.toBe(prev.rounds[0]);
    expect(r.rounds[1]).toBe(prev.rounds[1]);
  });

  it('in a changed act, keeps only parts equal with their seq (details and reactions are ordered by it)', () => {
    const prev = act(1, 'a', [
      { seq: 2, text: 'x' },
      { seq: 3, text: 'y' },
    ]);
    const next = act(
      1,
      'a',
      [
        { seq: 5, text: 'x' },
        { seq: 3, text: 'z' },
      ],
      [act(4, 'b', [])],
    );
    const r = reuseEqual(prev, next);
    expect(r).toEqual(next);
    expect(r.details[0]).not.toBe(prev.details[0]);
    expect(r.details[0]!.seq).toBe(5);
  });

  it('never keeps a part of another shape or length', () => {
    expect(reuseEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(reuseEqual({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(reuseEqual({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(reuseEqual(null, { a: 1 })).toEqual({ a: 1 });
  });
});
