import type { TargetPicker } from '../types.js';

export default {
  name: 'none',
  description: 'No target.',
  needsTarget: false,
  pick: () => null,
} satisfies TargetPicker;
