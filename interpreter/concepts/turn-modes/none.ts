import type { TurnMode } from '../types.js';

/** No turns: every phase is played once, by everyone together. */
export default {
  name: 'none',
  description: 'No turns: every phase is played once by everyone together.',
  playTurns(eng) {
    eng.playTurn(new Set(eng.sides.flatMap((s) => s.members)), null);
  },
  toCome: () => [],
} satisfies TurnMode;
