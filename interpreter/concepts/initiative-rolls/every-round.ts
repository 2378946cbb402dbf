import type { InitiativeRoll } from '../types.js';

/** Initiative is rolled afresh at the start of every round; its rolls are labelled under the round. */
export default {
  name: 'every-round',
  description: 'Initiative is rolled afresh at the start of every round (rolls labelled r<round>.…).',
  due: () => true,
  kept: false,
  label: (eng, what) => `r${eng.round}.${what}`,
} satisfies InitiativeRoll;
