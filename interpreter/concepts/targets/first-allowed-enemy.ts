import { truthy, type Data } from '../../compile/evaluator.js';
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
    // One data object for every enemy tried: its target and distance set again for each
    // (nothing changes while the enemies are tried, and expressions only read their data).
    let data: Data | null = null;
    for (const o of eng.cmbs) {
      if (o.side === c.side || o.out) continue;
      if (alwaysTrue(action.requires)) return o;
      // The engine's policy probe (run/data-probes.ts): requires is only truthy()'d.
      if (data === null) data = eng.policyProbe(c, o, action);
      else {
        data.target = o.view;
        data.distance = eng.distance(c, o);
      }
      if (truthy(action.requires(data))) return o;
    }
    return null;
  },
} satisfies TargetPicker;
