import type { TieBreakDef } from '../ordering.js';
import { pickInTurn } from './pick-in-turn.js';

/** The referee picks who goes first among the tied, again and again (labelled decisions `…tie.1`, `…tie.2`). */
export default {
  name: 'referee',
  description: 'The referee decides who goes first among the tied (a labelled decision).',
  phrase: () => 'the referee decides who goes first',
  break: (group, _ties, env) => pickInTurn(group, env),
} satisfies TieBreakDef;
