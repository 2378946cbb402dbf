import type { TieBreakDef } from '../ordering.js';

/** The referee picks who goes first among the tied, again and again (labelled decisions `…tie.1`, `…tie.2`). */
export default {
  name: 'referee',
  description: 'The referee decides who goes first among the tied (a labelled decision).',
  phrase: () => 'the referee decides who goes first',
  break(group, _ties, env) {
    const out: (typeof group)[] = [];
    let rest = [...group];
    let pick = 1;
    while (rest.length > 1) {
      const options = rest.map((x) => x.id);
      const chosen = env.decide(`${env.label}.tie.${pick}`, options, options[0]!);
      const idx = Math.max(0, options.indexOf(chosen));
      out.push([rest[idx]!]);
      rest = rest.filter((_, i) => i !== idx);
      pick++;
    }
    out.push(rest);
    return out;
  },
} satisfies TieBreakDef;
