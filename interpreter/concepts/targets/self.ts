import type { TargetPicker } from '../types.js';

export default {
  name: 'self',
  description: 'The actor itself.',
  needsTarget: false,
  pick: (_eng, c) => c,
} satisfies TargetPicker;
