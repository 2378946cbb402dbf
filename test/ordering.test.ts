/**
 * Ordering: sort keys compared in turn, then the tie-break chain ending in simultaneous,
 * referee or a labelled re-roll. Simultaneous actors come out as ONE group.
 */
import { describe, expect, it } from 'vitest';
import { orderIntoGroups, ORDER_KEYS, type Orderable, type OrderEnv } from '../interpreter/run/ordering.js';

const item = (id: string, listing: number, side: string, initiative: number | null, extra: Record<string, unknown> = {}): Orderable => ({
  id,
  listing,
  side,
  initiative,
  declSeq: listing,
  data: () => ({ actor: { id, ...extra } }),
});

function env(over: Partial<OrderEnv> = {}, log: string[] = []): OrderEnv {
  return {
    sideRank: (s) => (s === 'a' ? 0 : 1),
    reversed: false,
    label: 'r1.test',
    roll: (l) => {
      log.push(`roll ${l}`);
      return 0;
    },
    decide: (l, options, fallback) => {
      log.push(`decide ${l} ${options.join(',')}`);
      return fallback;
    },
    ...over,
  };
}
const ids = (groups: Orderable[][]) => groups.map((g) => g.map((x) => x.id));
const key = (name: string) => ORDER_KEYS[name]!.value;

describe('ordering', () => {
  it('side-initiative puts the holder side first and keeps each side as one simultaneous group', () => {
    const items = [item('b1', 0, 'b', null), item('a1', 1, 'a', null), item('b2', 2, 'b', null), item('a2', 3, 'a', null)];
    expect(ids(orderIntoGroups(items, { keys: [key('side-initiative')], ties: 'simultaneous' }, env()))).toEqual([
      ['a1', 'a2'],
      ['b1', 'b2'],
    ]);
  });

  it('the initiative side choosing to go second reverses the sides', () => {
    const items = [item('a1', 0, 'a', null), item('b1', 1, 'b', null)];
    expect(ids(orderIntoGroups(items, { keys: [key('side-initiative')], ties: 'simultaneous' }, env({ reversed: true })))).toEqual([
      ['b1'],
      ['a1'],
    ]);
  });

  it('initiative-desc then a stat: the first key that differs decides', () => {
    const items = [item('x', 0, 'a', 10, { dex: 1 }), item('y', 1, 'a', 12, { dex: 0 }), item('z', 2, 'b', 10, { dex: 3 })];
    const stat = (it: Orderable) => -Number((it.data().actor as { dex: number }).dex);
    expect(ids(orderIntoGroups(items, { keys: [key('initiative-desc'), stat], ties: 'simultaneous' }, env()))).toEqual([
      ['y'],
      ['z'],
      ['x'],
    ]);
  });

  it('ties left after every key are one simultaneous group, in listing order', () => {
    const items = [item('p', 1, 'a', 5), item('q', 0, 'b', 5)];
    expect(ids(orderIntoGroups(items, { keys: [key('initiative-desc')], ties: 'simultaneous' }, env()))).toEqual([['q', 'p']]);
  });

  it('reroll rolls a labelled die for each tied actor and orders by it', () => {
    const rolls: Record<string, number> = { 'r1.test.tie.p': 2, 'r1.test.tie.q': 5 };
    const log: string[] = [];
    const e = env({ roll: (l) => (log.push(l), rolls[l]!) }, log);
    const items = [item('p', 0, 'a', 5), item('q', 1, 'b', 5), item('r', 2, 'b', 9)];
    expect(ids(orderIntoGroups(items, { keys: [key('initiative-desc')], ties: { reroll: '1d6' } }, e))).toEqual([['r'], ['q'], ['p']]);
    expect(log).toEqual(['r1.test.tie.p', 'r1.test.tie.q']);
  });

  it('rerolls that keep tying end in their `then` (simultaneous by default)', () => {
    const items = [item('p', 0, 'a', 5), item('q', 1, 'b', 5)];
    const log: string[] = [];
    expect(ids(orderIntoGroups(items, { keys: [key('initiative-desc')], ties: { reroll: '1d6' } }, env({}, log)))).toEqual([['p', 'q']]);
    expect(log.filter((l) => l.startsWith('roll')).length).toBe(10); // 5 tries × 2 actors, then simultaneous
  });

  it('referee picks who goes first among the tied, as labelled decisions', () => {
    const log: string[] = [];
    const e = env({ decide: (l, options) => (log.push(`${l}:${options.join(',')}`), options[options.length - 1]!) });
    const items = [item('p', 0, 'a', 5), item('q', 1, 'b', 5), item('r', 2, 'b', 5)];
    expect(ids(orderIntoGroups(items, { keys: [key('initiative-desc')], ties: 'referee' }, e))).toEqual([['r'], ['q'], ['p']]);
    expect(log).toEqual(['r1.test.tie.1:p,q,r', 'r1.test.tie.2:p,q']);
  });
});

describe('ordering with a pure tail (no key after the first can roll)', () => {
  // A small deterministic generator, so the cases are the same on every run.
  function lcg(seed: number): () => number {
    let s = seed >>> 0;
    return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  }
  const stat =
    (name: string) =>
    (it: Orderable): number =>
      -Number((it.data().actor as Record<string, number>)[name]);

  it('gives the same groups as computing every key, on 500 random item sets with many ties', () => {
    const rnd = lcg(7);
    for (let c = 0; c < 500; c++) {
      const n = 1 + Math.floor(rnd() * 9);
      const items = Array.from({ length: n }, (_, i) =>
        item(`c${i}`, (i * 7) % n, rnd() < 0.5 ? 'a' : 'b', Math.floor(rnd() * 3), {
          a: Math.floor(rnd() * 2),
          b: rnd() < 0.1 ? Infinity : Math.floor(rnd() * 2),
        }),
      );
      const keys = [key('initiative-desc'), stat('a'), stat('b')];
      const full = ids(orderIntoGroups(items, { keys, ties: 'simultaneous' }, env()));
      const lazy = ids(orderIntoGroups(items, { keys, ties: 'simultaneous', pureTail: true }, env()));
      expect(lazy).toEqual(full);
    }
  });

  it('reads the later keys only of the items tied on the first', () => {
    const read: string[] = [];
    const counted = (it: Orderable): number => {
      read.push(it.id);
      return 0;
    };
    const items = [item('x', 0, 'a', 10), item('y', 1, 'a', 12), item('z', 2, 'b', 10), item('w', 3, 'b', 5)];
    const groups = orderIntoGroups(items, { keys: [key('initiative-desc'), counted], ties: 'simultaneous', pureTail: true }, env());
    expect(ids(groups)).toEqual([['y'], ['x', 'z'], ['w']]);
    expect(read.sort()).toEqual(['x', 'z']);
  });

  it('of one item, computes the first key (it may roll) and no later one', () => {
    const read: string[] = [];
    const counted =
      (name: string) =>
      (it: Orderable): number => {
        read.push(`${name} ${it.id}`);
        return 0;
      };
    const keys = [counted('first'), counted('second'), counted('third')];
    const only = [item('x', 0, 'a', 10)];
    expect(ids(orderIntoGroups(only, { keys, ties: 'simultaneous', pureTail: true }, env()))).toEqual([['x']]);
    expect(read).toEqual(['first x']);
    // Without a pure tail every key is computed, as before.
    read.length = 0;
    expect(ids(orderIntoGroups(only, { keys, ties: 'simultaneous' }, env()))).toEqual([['x']]);
    expect(read).toEqual(['first x', 'second x', 'third x']);
  });
});
