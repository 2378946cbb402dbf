import { describe, expect, it } from 'vitest';
import { memoryKV } from '../persist.js';
import { FightStore, Roster, type StoredFight } from './fights.js';

const fight = (id: string, updated: number, log: StoredFight['session']['log'] = []): StoredFight => ({
  id,
  name: `Fight ${id}`,
  ruleset: 'd20-srd/d20-srd.json',
  overlays: [],
  encounterPath: 'd20-srd/encounters/sample.json',
  session: {
    kind: 'session',
    format: 1,
    ruleset: { id: 'd20-srd', sha256: 'x' },
    overlays: [],
    encounter: { kind: 'encounter', id: 'e', name: 'E', sides: [] } as never,
    seed: 1,
    modes: {},
    log,
  },
  hidden: { combatants: [], hp: 'wounds' },
  redo: [],
  updated,
});

describe('fights kept between visits', () => {
  it('keeps several fights, the latest first, each with its log as last written', async () => {
    const kv = memoryKV();
    const store = new FightStore(kv);
    await store.put(fight('a', 1));
    await store.put(fight('b', 2));
    await store.put(fight('a', 3, [{ label: 'init.fighter.d20', answer: '14' }]));
    expect((await store.list()).map((f) => f.id)).toEqual(['a', 'b']);
    // A new store on the same storage (a reload) reads the same.
    const again = new FightStore(kv);
    expect((await again.get('a'))?.session.log).toEqual([{ label: 'init.fighter.d20', answer: '14' }]);
    await again.remove('a');
    expect((await again.list()).map((f) => f.id)).toEqual(['b']);
    expect(await again.get('a')).toBeNull();
  });

  it('keeps a roster per ruleset, one entry per id', async () => {
    const r = new Roster(memoryKV());
    await r.save('d20-srd', { id: 'goblin', stats: { hp: 5 } });
    await r.save('d20-srd', { id: 'goblin', stats: { hp: 6 } });
    await r.save('ose', { id: 'orc' });
    expect(await r.list('d20-srd')).toEqual([{ id: 'goblin', stats: { hp: 6 } }]);
    expect((await r.list('ose')).map((x) => x.id)).toEqual(['orc']);
  });
});
