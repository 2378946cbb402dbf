import type { SubjectKind } from '../types.js';

/** The action's target (in a trigger, the one who set it off). */
export default {
  name: 'target',
  description: "The action's target (in a trigger, the one who set it off).",
  compile: () => (f) => f.target,
} satisfies SubjectKind;
