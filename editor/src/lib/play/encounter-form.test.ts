import { describe, expect, it } from 'vitest';
import { addCombatant, duplicate, rulesetForm, setStat, sidesOf, toggleTag } from './encounter-form.js';

const ENC = `{
  "kind": "encounter",
  "id": "e",
  "name": "E",
  "ruleset": "d20-srd",
  "sides": [
    { "id": "party", "combatants": [{ "id": "hero", "stats": { "hp": 10 } }] },
    {
      "id": "foes",
      "combatants": [
        { "id": "goblin", "name": "Goblin", "stats": { "hp": 5 } }
      ]
    }
  ]
}
`;

describe('the encounter builder edits', () => {
  it('derives the form from the ruleset: stats with defaults and descriptions, tags', () => {
    const f = rulesetForm({
      combatant: {
        stats: { hp: { default: 10, description: 'Hit points' }, weapon: { default: '1d6' } },
        tags: { ranged: { description: 'Bow' } },
      },
    });
    expect(f.stats).toEqual([
      { id: 'hp', default: 10, description: 'Hit points', type: 'number' },
      { id: 'weapon', default: '1d6', description: '', type: 'string' },
    ]);
    expect(f.tags).toEqual([{ id: 'ranged', description: 'Bow' }]);
  });

  it('duplicates a combatant ×3 into four goblins with their own ids, touching nothing else', () => {
    const out = duplicate(ENC, 1, 0, 3);
    const foes = sidesOf(out)[1]!.combatants;
    expect(foes.map((c) => c.id)).toEqual(['goblin', 'goblin-2', 'goblin-3', 'goblin-4']);
    expect(foes.map((c) => c.name)).toEqual(['Goblin', 'Goblin 2', 'Goblin 3', 'Goblin 4']);
    // A minimal edit: the text before the foes' list is byte for byte the same.
    const head = ENC.slice(0, ENC.indexOf('"goblin"'));
    expect(out.startsWith(head)).toBe(true);
  });

  it('sets a stat in place, and the default removes it', () => {
    const a = setStat(ENC, 0, 0, 'hp', 12, 10);
    expect(a).toBe(ENC.replace('"hp": 10 }', '"hp": 12 }'));
    const b = setStat(a, 0, 0, 'hp', 10, 10);
    expect(sidesOf(b)[0]!.combatants[0]!.stats).toEqual({});
  });

  it('adds a combatant with a free id, and toggles a tag', () => {
    const a = addCombatant(ENC, 0, { id: 'hero', name: 'Second hero' });
    expect(sidesOf(a)[0]!.combatants.map((c) => c.id)).toEqual(['hero', 'hero-2']);
    const b = toggleTag(a, 0, 1, 'ranged', true);
    expect(sidesOf(b)[0]!.combatants[1]!.tags).toEqual(['ranged']);
    const c = toggleTag(b, 0, 1, 'ranged', false);
    expect(sidesOf(c)[0]!.combatants[1]!.tags).toBeUndefined();
  });
});
