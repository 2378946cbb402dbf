import type { TieBreakDef } from '../ordering.js';
import referee from './referee.js';

/**
 * Tied actors of one side: their side decides who goes first among them (labelled decisions
 * `…tie.1`, `…tie.2`, asked of the side). Tied actors of different sides: the referee does.
 */
export default {
  name: 'side',
  description:
    'When the tied are all of one side, that side decides who of them goes first (a labelled decision asked of the side); otherwise the referee does.',
  phrase: () => 'their side decides who goes first (the referee, across sides)',
  break(group, ties, env, attempt, again) {
    const side = group[0]!.side;
    const by = group.every((x) => x.side === side) ? side : 'referee';
    const out: (typeof group)[] = [];
    let rest = [...group];
    let pick = 1;
    if (by === 'referee') return (referee as TieBreakDef).break(group, ties, env, attempt, again);
    while (rest.length > 1) {
      const options = rest.map((x) => x.id);
      const chosen = env.decide(`${env.label}.tie.${pick}`, options, options[0]!, by);
      const idx = Math.max(0, options.indexOf(chosen));
      out.push([rest[idx]!]);
      rest = rest.filter((_, i) => i !== idx);
      pick++;
    }
    out.push(rest);
    return out;
  },
} satisfies TieBreakDef;
