import type { KeyDef } from '../ordering.js';

export default {
  name: 'declaration-order',
  description: 'In the order the actions were declared.',
  phrase: 'in the order the actions were declared',
  value: (it) => it.declSeq,
} satisfies KeyDef;
