import type { KeyDef } from '../ordering.js';

export default {
  name: 'initiative-desc',
  description: 'Highest initiative first.',
  phrase: 'highest initiative first',
  value: (it) => -(it.initiative ?? Number.NEGATIVE_INFINITY),
} satisfies KeyDef;
