import type { TieBreakDef } from '../ordering.js';

/** The tied act together: one group, their damage lands at once. */
export default {
  name: 'simultaneous',
  description: 'Tied actors act at the same time: their results land together.',
  phrase: () => 'act simultaneously, as one group',
  break: (group) => [group],
} satisfies TieBreakDef;
