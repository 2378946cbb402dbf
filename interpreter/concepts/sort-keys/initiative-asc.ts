import type { KeyDef } from '../ordering.js';

export default {
  name: 'initiative-asc',
  description: 'Lowest initiative first (for example, declarations in reverse initiative order).',
  phrase: 'lowest initiative first',
  value: (it) => it.initiative ?? Number.POSITIVE_INFINITY,
} satisfies KeyDef;
