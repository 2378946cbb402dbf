import { describe, expect, it } from 'vitest';
import { changedRange } from './plain-edits.js';

describe('changedRange', () => {
  const apply = (a: string, b: string) => {
    const r = changedRange(a, b);
    return r ? a.slice(0, r.start) + b.slice(r.start, r.endB) + a.slice(r.endA) : a;
  };

  it('is null for equal texts', () => {
    expect(changedRange('{"a": 1}', '{"a": 1}')).toBeNull();
  });

  it('finds a typed character, a deletion and a replacement', () => {
    expect(changedRange('{"a": 1}', '{"a": 12}')).toEqual({ start: 7, endA: 7, endB: 8 });
    expect(changedRange('{"a": 12}', '{"a": 1}')).toEqual({ start: 7, endA: 8, endB: 7 });
    expect(changedRange('{"a": 17}', '{"a": 7}')).toEqual({ start: 6, endA: 7, endB: 6 });
  });

  it('turns the first text into the second, also with repeated characters', () => {
    for (const [a, b] of [
      ['aaaa', 'aaaaa'],
      ['abab', 'ab'],
      ['', 'x'],
      ['x', ''],
      ['{\n  "b": [1, 1]\n}', '{\n  "b": [1, 1, 1]\n}'],
    ] as const) {
      expect(apply(a, b)).toBe(b);
    }
  });
});
