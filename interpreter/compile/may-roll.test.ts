import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../model/types.js';
import { mayRoll } from './may-roll.js';
import { keyMayRoll } from './ordering.js';

const def = (derived: Record<string, unknown>, expressions: Record<string, unknown> = {}) =>
  ({
    combatant: { derived: Object.fromEntries(Object.entries(derived).map(([k, expr]) => [k, { expr }])) },
    expressions,
  }) as unknown as Ruleset;

describe('mayRoll', () => {
  it('finds roll operators, rolling named expressions and rolling derived values, through each other', () => {
    const d = def(
      { luck: { roll: ['1d6', 'luck'] }, lucky: { '>': [{ var: 'actor.luck' }, 3] }, hurt: { '<': [{ var: 'actor.hp' }, 5] } },
      { fate: { sharedRoll: ['1d10', 'fate'] }, calm: { var: 'actor.hurt' } },
    );
    expect(mayRoll({ '>': [{ var: 'actor.hp' }, 0] }, d)).toBe(false);
    expect(mayRoll({ var: 'target.hurt' }, d)).toBe(false);
    expect(mayRoll({ expr: 'calm' }, d)).toBe(false);
    expect(mayRoll({ '+': [1, { roll: ['1d4', 'x'] }] }, d)).toBe(true);
    expect(mayRoll({ var: 'actor.lucky' }, d)).toBe(true);
    expect(mayRoll({ expr: 'fate' }, d)).toBe(true);
    expect(mayRoll({ missing: ['actor.luck'] }, d)).toBe(true);
    // A path computed at run time might name any derived value.
    expect(mayRoll({ var: { cat: ['actor.', 'hp'] } }, d)).toBe(true);
    expect(mayRoll({ var: { cat: ['actor.', 'hp'] } }, def({ hurt: { '<': [{ var: 'actor.hp' }, 5] } }))).toBe(false);
  });
});

describe('keyMayRoll', () => {
  it('a built-in key never rolls; a stat key rolls when the stat is a rolling derived value; an expression key when it can roll', () => {
    const d = def({ luck: { roll: ['1d6', 'luck'] }, quick: { '+': [{ var: 'actor.dex' }, 1] } });
    expect(keyMayRoll('initiative-desc', d)).toBe(false);
    expect(keyMayRoll({ preset: 'listing-order' }, d)).toBe(false);
    expect(keyMayRoll({ stat: 'quick' }, d)).toBe(false);
    expect(keyMayRoll({ stat: 'luck' }, d)).toBe(true);
    expect(keyMayRoll({ expr: { var: 'actor.quick' } }, d)).toBe(false);
    expect(keyMayRoll({ expr: { '+': [{ var: 'actor.dex' }, { roll: ['1d4', 'tie'] }] } }, d)).toBe(true);
  });
});
