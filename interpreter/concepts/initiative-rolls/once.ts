import type { InitiativeRoll } from '../types.js';

/** Initiative is rolled once, at the start of the combat, and kept: the same order every round. */
export default {
  name: 'once',
  description: 'Initiative is rolled once for the whole combat and kept; every round has the same order (rolls labelled init.…).',
  due: (eng) => !eng.initiativeRolled,
  kept: true,
  label: (_eng, what) => `init.${what}`,
} satisfies InitiativeRoll;
