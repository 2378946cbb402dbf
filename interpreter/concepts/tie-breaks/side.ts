import type { TieBreakDef } from '../ordering.js';
import { pickInTurn } from './pick-in-turn.js';

/**
 * Tied actors of one side: their side decides who goes first among them (labelled decisions
 * `…tie.1`, `…tie.2`, asked of the side). Tied actors of different sides: the referee does.
 */
export default {
  name: 'side',
  description:
    'When the tied are all of one side, that side decides who of them goes first (a labelled decision asked of the side); otherwise the referee does.',
  phrase: () => 'their side decides who goes first (the referee, across sides)',
  break(group, _ties, env) {
    const side = group[0]!.side;
    // Across sides the referee decides, exactly as the referee tie-break does.
    return pickInTurn(group, env, group.every((x) => x.side === side) ? side : undefined);
  },
} satisfies TieBreakDef;
