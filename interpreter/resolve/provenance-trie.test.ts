/** PrefixTrie: the deepest joined prefix of an id path that is a key, as a lookup of every joined prefix finds it. */
import { describe, expect, it } from 'vitest';
import { PrefixTrie } from './provenance-trie.js';

/** The reference: every joined prefix looked up, deepest first (what resolve/overlays.ts did). */
function byJoining<T>(map: Map<string, T>, ids: string[]): { n: number; value: T } | null {
  const keys: string[] = [];
  for (const id of ids) keys.push(keys.length ? `${keys[keys.length - 1]}/${id}` : id);
  for (let n = keys.length; n >= 1; n--) {
    const value = map.get(keys[n - 1]!);
    if (value !== undefined) return { n, value };
  }
  return null;
}

describe('PrefixTrie', () => {
  it('finds the deepest key, as joining every prefix does, ids with / among them', () => {
    const keys = ['round', 'round/phases/missile', 'round/phases/missile/steps/a', 'a/b', 'a/b/c', '', 'x//y', 'p/q~r'];
    const map = new Map(keys.map((k, i) => [k, i]));
    const trie = new PrefixTrie(map);
    const parts = ['round', 'phases', 'missile', 'steps', 'a', 'b', 'c', 'a/b', 'b/c', '', 'x', 'y', '/y', 'x/', 'p', 'q~r'];
    // Every id path of up to 4 ids from these parts (16^4 + … paths).
    const paths: string[][] = [[]];
    for (let len = 1; len <= 4; len++)
      for (const p of paths.filter((q) => q.length === len - 1)) for (const x of parts) paths.push([...p, x]);
    let found = 0;
    for (const ids of paths) {
      const want = byJoining(map, ids);
      expect(trie.deepest(ids)).toEqual(want);
      if (want) found++;
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('finds nothing in an empty trie', () => {
    expect(new PrefixTrie(new Map()).deepest(['a', 'b'])).toBeNull();
  });
});
