import { num } from '../../compile/evaluator.js';
import type { TargetPicker } from '../types.js';

/** The ally (the actor included) with the fewest hit points still standing: whom to heal or shield. */
export default {
  name: 'weakest-ally',
  description: 'The ally (the actor included) with the fewest hit points (hp) still standing (the first listed, among equals).',
  needsTarget: true,
  pick(eng, c) {
    let best = null;
    for (const o of eng.cmbs) if (o.side === c.side && !o.out && (!best || num(o.view.hp) < num(best.view.hp))) best = o;
    return best;
  },
} satisfies TargetPicker;
