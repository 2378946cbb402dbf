import { describe, expect, it } from 'vitest';
import {
  describeDeclarations,
  describeInitiative,
  describeKey,
  describeOrdering,
  describeSelect,
  describeTies,
  describeTurns,
  orderingNames,
  summariseExpr,
} from './summary.js';

describe('orderings in game terms', () => {
  it('names presets with what they mean', () => {
    expect(describeKey('side-initiative')).toBe('side-initiative: the side holding initiative first');
    expect(describeKey({ stat: 'dex' })).toBe('dex: higher dex first');
    expect(describeKey({ stat: 'initiativeRating', dir: 'asc' })).toBe('initiativeRating: lower initiativeRating first');
    expect(describeKey({ expr: { var: 'actor.idleLastRound' }, dir: 'desc', description: 'did nothing last round' })).toMatch(
      /did nothing last round — highest first/,
    );
  });

  it('describes tie-breaks', () => {
    expect(describeTies('simultaneous')).toMatch(/simultaneously/);
    expect(describeTies('referee')).toMatch(/referee/);
    expect(describeTies({ reroll: '1d6' })).toMatch(/re-roll 1d6/);
  });

  it('resolves names: presets, the ruleset orderings, inline, missing', () => {
    expect(describeOrdering('side-initiative', undefined)).toMatchObject({
      name: 'side-initiative',
      source: 'preset',
      description: 'the side holding initiative first',
    });
    const named = { mine: { keys: ['initiative-desc'], ties: 'referee' as const, description: 'Mine' } };
    expect(describeOrdering('mine', named)).toMatchObject({
      source: 'ruleset',
      description: 'Mine',
      keys: ['initiative-desc: highest initiative first'],
    });
    expect(describeOrdering({ keys: ['listing-order'] }, undefined).source).toBe('inline');
    expect(describeOrdering(undefined, undefined).source).toBe('default');
    expect(describeOrdering('nope', undefined).source).toBe('unknown');
    expect(orderingNames(named).map((n) => n.name)).toContain('mine');
  });

  it('summarises turns, declarations and initiative', () => {
    expect(describeTurns({ by: 'none' }, undefined)).toMatch(/everyone plays every phase/);
    expect(describeTurns({ by: 'combatant', order: 'initiative-desc', resort: 'always' }, undefined)).toMatch(
      /highest initiative first; re-sorted/,
    );
    expect(
      describeDeclarations(
        { when: 'phase-start', order: 'side-initiative', choice: { id: 'c', default: 'first', phases: ['movement'] } },
        undefined,
      ),
    ).toMatch(/start of each phase.*chooses.*movement/);
    expect(
      describeInitiative({ scope: 'side', roll: 'every-round', formula: { roll: ['1d6', 'initiative'] }, ties: { reroll: '1d6' } }),
    ).toMatch(/per side, rolled every round \(roll 1d6\).*re-roll 1d6/);
  });
});

describe('select expressions', () => {
  it('reads tag tests and comparisons', () => {
    expect(summariseExpr({ '!': { in: ['two-handed', { var: 'actor.tags' }] } })).toBe('actor not tagged two-handed');
    expect(summariseExpr({ and: [{ in: ['crossbow', { var: 'actor.tags' }] }, { '!': { in: ['siege', { var: 'actor.tags' }] } }] })).toBe(
      'actor tagged crossbow and actor not tagged siege',
    );
    expect(summariseExpr({ '==': [{ var: 'action.id' }, 'charge'] })).toBe('action.id = "charge"');
    expect(summariseExpr({ or: [{ '>': [{ var: 'actor.hp' }, 0] }, { and: [{ var: 'a' }, { var: 'b' }] }] })).toBe(
      'actor.hp > 0 or (a and b)',
    );
    expect(summariseExpr({ weird: [1, 2] })).toBe('weird(1, 2)');
    expect(summariseExpr({ cat: ['a'.repeat(300)] }, 20)).toHaveLength(20);
  });

  it('says what a step takes', () => {
    expect(describeSelect({ id: 'melee' })).toBe("all of this phase's declared actions");
    expect(describeSelect({ id: 'x', select: { in: ['siege', { var: 'actor.tags' }] } })).toBe(
      "this phase's declared actions where actor tagged siege",
    );
    expect(describeSelect({ id: 'm', perform: 'morale-check', select: { var: 'actor.needsCheck' } })).toBe(
      'every combatant where actor.needsCheck performs morale-check',
    );
  });
});
