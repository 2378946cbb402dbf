import type { TargetPicker } from '../types.js';

export default {
  name: 'first-enemy',
  description: "The first enemy still standing, in the encounter's listing order.",
  needsTarget: true,
  pick(eng, c) {
    for (const o of eng.cmbs) if (o.side !== c.side && !o.out) return o;
    return null;
  },
} satisfies TargetPicker;
