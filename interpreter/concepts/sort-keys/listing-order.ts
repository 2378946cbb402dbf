import type { KeyDef } from '../ordering.js';

export default {
  name: 'listing-order',
  description: 'In the order the encounter lists the combatants.',
  phrase: 'in the order the encounter lists the combatants',
  value: (it) => it.listing,
} satisfies KeyDef;
