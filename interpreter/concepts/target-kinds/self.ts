import type { TargetKind } from '../types.js';

/** The actor itself. */
export default {
  name: 'self',
  description: 'The actor itself.',
  options: (_eng, c) => [c.id],
  atAct: (_eng, c) => c,
  needsTarget: false,
  evenIfTargetOut: true,
  defaultPicker: 'self',
} satisfies TargetKind;
