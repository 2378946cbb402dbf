import { truthy } from '../../compile/evaluator.js';
import { alwaysTrue } from '../../compile/constants.js';
import type { TargetPicker } from '../types.js';

/** The first enemy, in listing order, for whom the action's `requires` holds (one in reach, one not yet marked…). */
export default {
  name: 'first-allowed-enemy',
  description: "The first enemy still standing, in the encounter's listing order, for whom the action's requires holds.",
  needsTarget: true,
  pick(eng, c) {
    for (const o of eng.cmbs) if (o.side !== c.side && !o.out) return o;
    return null;
  },
  pickFor(eng, c, action) {
    for (const o of eng.cmbs) {
      if (o.side === c.side || o.out) continue;
      if (alwaysTrue(action.requires)) return o;
      const f = { actor: c, target: o, action, local: {}, reaction: {}, defer: null, prefix: '', depth: 0 };
      if (truthy(action.requires(eng.frameData(f)))) return o;
    }
    return null;
  },
} satisfies TargetPicker;
