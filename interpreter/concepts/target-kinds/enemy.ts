import type { TargetKind } from '../types.js';

/** An enemy: one who fell before the act is replaced by the nearest enemy standing. */
export default {
  name: 'enemy',
  description: 'An enemy standing; if the one declared fell before the act, the nearest enemy standing instead.',
  options: (eng, c) => eng.cmbs.filter((o) => !o.out && o.side !== c.side).map((o) => o.id),
  atAct: (eng, c, declared) => (!declared || declared.out ? eng.pickTarget(c, 'nearest-enemy') : declared),
  needsTarget: true,
  evenIfTargetOut: false,
  defaultPicker: 'nearest-enemy',
} satisfies TargetKind;
