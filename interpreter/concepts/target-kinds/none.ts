import type { TargetKind } from '../types.js';

/** Nobody: the action is not aimed (a move, a spell on an area). */
export default {
  name: 'none',
  description: 'Nobody: the action is not aimed at anyone.',
  options: () => [null],
  atAct: (_eng, _c, declared) => declared,
  needsTarget: false,
  evenIfTargetOut: false,
  defaultPicker: 'none',
} satisfies TargetKind;
