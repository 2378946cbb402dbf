import type { Cmb } from '../../run/types.js';
import type { TurnMode } from '../types.js';

/** No turns: every phase is played once, by everyone together. */
export default {
  name: 'none',
  description: 'No turns: every phase is played once by everyone together.',
  playTurns(eng) {
    // Every side's members, in order (a loop: flatMap and a Set made from its array cost more).
    const everyone = new Set<Cmb>();
    const sides = eng.sides;
    for (let i = 0; i < sides.length; i++) {
      const members = sides[i]!.members;
      for (let j = 0; j < members.length; j++) everyone.add(members[j]!);
    }
    eng.playTurn(everyone, null);
  },
  toCome: () => [],
} satisfies TurnMode;
