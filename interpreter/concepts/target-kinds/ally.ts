import type { TargetKind } from '../types.js';

/** An ally (the actor included), as declared. */
export default {
  name: 'ally',
  description: 'An ally standing (the actor included), as declared.',
  options: (eng, c) => eng.cmbs.filter((o) => !o.out && o.side === c.side).map((o) => o.id),
  atAct: (_eng, _c, declared) => declared,
  needsTarget: false,
  evenIfTargetOut: false,
  defaultPicker: 'nearest-enemy',
} satisfies TargetKind;
