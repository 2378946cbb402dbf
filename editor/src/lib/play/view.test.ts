import { describe, expect, it } from 'vitest';
import type { TrackerSnapshot } from '../../../../interpreter/index.js';
import { conditionIdsOf, mainStatOf, playerState, woundLevel } from './view.js';

const combatant = (id: string, side: string, hp: number, out = false) => ({
  id,
  name: id.toUpperCase(),
  side,
  out,
  initiative: null,
  stats: { hp, ac: 12 },
  slots: {},
  spent: {},
  conditions: [{ id: 'prone', ends: 'start', remaining: 1 }],
  plan: [],
});
const snap: TrackerSnapshot = {
  round: 2,
  phase: 'melee',
  step: null,
  turn: ['gob'],
  toCome: [['hero'], ['spy']],
  holding: [{ id: 'spy', resumes: 'any turn' }],
  sides: [],
  combatants: [combatant('hero', 'party', 7), combatant('gob', 'foes', 2), combatant('spy', 'foes', 4)],
  ended: null,
};

describe('the player view state', () => {
  it('names the main stat: hit points first, else the first numeric stat', () => {
    expect(mainStatOf({ combatant: { stats: { ac: { default: 10 }, hp: { default: 8 } } } })).toBe('hp');
    expect(mainStatOf({ combatant: { stats: { weapon: { default: '1d6' }, endurance: { default: 7 } } } })).toBe('endurance');
    expect(mainStatOf({ combatant: { stats: { weapon: { default: '1d6' }, dex: { default: 7 } } } })).toBe('dex');
  });

  it('gives wound levels from the stat now and at the start', () => {
    expect(woundLevel(10, 10, false)).toBe('unhurt');
    expect(woundLevel(6, 10, false)).toBe('hurt');
    expect(woundLevel(5, 10, false)).toBe('bloodied');
    expect(woundLevel(5, 10, true)).toBe('down');
    expect(woundLevel(0, 10, false)).toBe('down');
  });

  it('hides hidden combatants everywhere, and shows monster hit points as wound levels', () => {
    const s = playerState('Fight', snap, { combatants: ['spy'], hp: 'wounds' }, 'hp', () => 4, 'party');
    expect(s.rows.map((r) => r.id)).toEqual(['hero', 'gob']);
    expect(s.toCome).toEqual([['hero']]);
    expect(s.holding).toEqual([]);
    expect(s.rows[0]!.health).toEqual({ value: 7 });
    expect(s.rows[1]!.health).toEqual({ wound: 'bloodied' });
    expect(s.turn).toEqual(['gob']);
  });

  it('shows no monster health at all when asked', () => {
    const s = playerState('Fight', snap, { combatants: [], hp: 'none' }, 'hp', () => 4, 'party');
    expect(s.rows.find((r) => r.id === 'gob')!.health).toBeNull();
    expect(s.rows.find((r) => r.id === 'hero')!.health).toEqual({ value: 7 });
  });
});

describe("the referee's condition suggestions", () => {
  it('are the ids of the condition effects of the ruleset and its overlays, each once, in order', () => {
    const ruleset = {
      actions: {
        charge: { effects: [{ op: 'condition', id: 'charging', on: 'self', duration: { rounds: 1, endsAt: 'own-turn' } }] },
        defend: { effects: [{ op: 'if', then: [{ op: 'condition', id: 'total-defense' }] }] },
      },
    };
    const overlay = {
      changes: [
        { op: 'add', value: { op: 'condition', id: 'charging' } },
        { op: 'add', value: { op: 'condition', id: 'prone' } },
      ],
    };
    expect(conditionIdsOf([ruleset, overlay])).toEqual(['charging', 'total-defense', 'prone']);
    expect(conditionIdsOf([{ op: 'damage', id: 'x' }])).toEqual([]);
  });
});
