/**
 * run/act-prefix.ts: an act's roll prefix, one concatenation of kept strings, is the template
 * `r<round>.<combatant>.<action>` for any round (kept heads for 0–999, made beyond), combatant and
 * action, asked again or not.
 */
import { describe, expect, it } from 'vitest';
import { actPrefix } from '../interpreter/run/act-prefix.js';
import type { CAction } from '../interpreter/compile/types.js';
import type { Cmb } from '../interpreter/run/types.js';

describe('actPrefix', () => {
  it('is the template r<round>.<combatant>.<action>', () => {
    const a = { def: { id: 'attack' } } as unknown as CAction;
    const b = { def: { id: 'move.fast' } } as unknown as CAction;
    for (const c of [{ id: 'fighter-1' }, { id: 'o' }, { id: 'fighter-1' }] as Cmb[]) {
      for (const round of [0, 1, 2, 9, 10, 999, 1000, 1234, 2.5, -1, 1]) {
        for (const action of [a, b, a]) expect(actPrefix(round, c, action)).toBe(`r${round}.${c.id}.${action.def.id}`);
      }
    }
  });
});
