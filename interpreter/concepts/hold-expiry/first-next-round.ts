import { num } from '../../compile/evaluator.js';
import type { HoldExpiry } from '../types.js';

/** The holder goes first next round: one above the highest initiative standing. */
export default {
  name: 'first-next-round',
  description: 'A held action not taken by the end of the round makes the holder act first next round.',
  expire(eng, c) {
    const highest = Math.max(...eng.cmbs.filter((o) => !o.out).map((o) => num(o.view.initiative)));
    const value = highest + 1;
    c.view.initiative = value;
    eng.emit('initiative', { who: c.id, scope: 'combatant', value, heldOver: true });
  },
} satisfies HoldExpiry;
