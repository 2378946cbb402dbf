import { describe, expect, it } from 'vitest';
import type { TrackerSnapshot } from '../../../../interpreter/index.js';
import {
  conditionIdsOf,
  interventionWords,
  mainStatOf,
  playerState,
  shownAfter,
  startingValues,
  woundLevel,
  type PlayerState,
} from './view.js';

const combatant = (id: string, side: string, hp: number, out = false) => ({
  id,
  name: id.toUpperCase(),
  side,
  out,
  initiative: null,
  stats: { hp, ac: 12 },
  slots: {},
  spent: {},
  conditions: [
    { id: 'prone', ends: 'round-end', remaining: 1, until: 'until the end of round 2' },
    { id: 'marked', ends: 'turn-end:spy', remaining: 1, until: "until the end of SPY's turn" },
  ],
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
    // The time left of a condition is shown, unless it names a hidden combatant's turn.
    expect(s.rows[0]!.conditions).toEqual([
      { id: 'prone', until: 'until the end of round 2' },
      { id: 'marked', until: '' },
    ]);
    const all = playerState('Fight', snap, { combatants: [], hp: 'wounds' }, 'hp', () => 4, 'party');
    expect(all.rows[0]!.conditions[1]).toEqual({ id: 'marked', until: "until the end of SPY's turn" });
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

describe("the log's words for a ruling", () => {
  it("are phasebook play's command", () => {
    expect(interventionWords({ op: 'damage', who: 'ogre', amount: 5 })).toBe('damage ogre 5');
    expect(interventionWords({ op: 'heal', who: 'ogre', amount: 2, stat: 'hp' })).toBe('heal ogre 2 hp');
    expect(interventionWords({ op: 'set', who: 'ogre', stat: 'ac', value: 12 })).toBe('set ogre ac 12');
    expect(interventionWords({ op: 'condition', who: 'ogre', condition: 'shaken', rounds: 2 })).toBe('condition ogre shaken 2');
    expect(interventionWords({ op: 'condition', who: 'ogre', condition: 'stunned', endsAt: { turnOf: 'wizard' } })).toBe(
      'condition ogre stunned until-turn wizard start',
    );
    expect(
      interventionWords({ op: 'condition', who: 'ogre', condition: 'slowed', rounds: 2, endsAt: { turnOf: 'archer', when: 'end' } }),
    ).toBe('condition ogre slowed 2 until-turn archer end');
    expect(interventionWords({ op: 'condition', who: 'ogre', condition: 'shaken', remove: true })).toBe('condition ogre -shaken');
    expect(interventionWords({ op: 'join', side: 'tower', combatant: { id: 'troll' } })).toBe('join tower troll');
    expect(interventionWords({ op: 'flee', who: 'orc-2' })).toBe('flee orc-2');
  });
});

describe('startingValues', () => {
  const encounter = {
    sides: [{ combatants: [{ id: 'hero', stats: { hp: 24 } }] }, { combatants: [{ id: 'foe', stats: { hp: 40 } }, { id: 'imp' }] }],
  };
  it('takes the encounter’s values, the ruleset default when it gives none, and a late combatant’s as it joined', () => {
    const log = [
      { label: 'x', answer: '12' },
      { label: 'y', intervention: { op: 'join' as const, side: 's', combatant: { id: 'goblin', stats: { hp: 7 } } } },
      { label: 'y', intervention: { op: 'join' as const, side: 's', combatant: { id: 'rat' } } },
      { label: 'y', intervention: { op: 'damage' as const, who: 'foe', amount: 5 } },
    ];
    expect([...startingValues(encounter, log, 'hp', 10)]).toEqual([
      ['hero', 24],
      ['foe', 40],
      ['imp', 10],
      ['goblin', 7],
      ['rat', 10],
    ]);
  });
});

describe('shownAfter: the player view with two game master tabs', () => {
  const fight = { title: 'Skirmish' } as unknown as PlayerState;
  const other = { title: 'Ambush' } as unknown as PlayerState;

  it('a tab without a fight answering the hello after one with a fight does not blank the view', () => {
    let shown: PlayerState | null = null;
    shown = shownAfter(shown, { state: fight, reply: true });
    shown = shownAfter(shown, { state: null, reply: true });
    expect(shown).toBe(fight);
  });

  it('answers in the other order show the fight too', () => {
    expect(shownAfter(shownAfter(null, { state: null, reply: true }), { state: fight, reply: true })).toBe(fight);
  });

  it('a tab leaving its fight clears the view; a new state replaces the old', () => {
    expect(shownAfter(fight, { state: null })).toBeNull();
    expect(shownAfter(fight, { state: other })).toBe(other);
    expect(shownAfter(fight, { state: other, reply: true })).toBe(other);
  });
});
