/** readsBackAsItself: the values the schema may check in place, without writing them out. */
import { describe, expect, it } from 'vitest';
import { readsBackAsItself } from './reads-back.js';

const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

describe('readsBackAsItself', () => {
  it('takes plain JSON values', () => {
    expect(readsBackAsItself({ a: [1, 'x', true, null, { b: -2.5 }] })).toBe(true);
    expect(readsBackAsItself(nested(40))).toBe(true);
  });

  it('refuses what JSON would lose or change, and what the reader would refuse', () => {
    expect(readsBackAsItself({ a: undefined })).toBe(false);
    expect(readsBackAsItself([Number.NaN])).toBe(false);
    expect(readsBackAsItself([Infinity])).toBe(false);
    expect(readsBackAsItself([() => 1])).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    expect(readsBackAsItself([1, , 2])).toBe(false);
    expect(readsBackAsItself(new Map())).toBe(false);
    expect(readsBackAsItself(JSON.parse('{"constructor": 1}'))).toBe(false);
    expect(readsBackAsItself(nested(64))).toBe(false);
  });
});
