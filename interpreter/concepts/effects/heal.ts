import { num } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { compileStatChange } from './stat-change.js';

/** Healing: the stat goes up (a `damage` event with a negative amount). */
export default {
  op: 'heal',
  description: 'Heal the target (or self): the stat (hp) goes up.',
  compile: (e, cx) =>
    compileStatChange(e, cx, (f, eng, target, amount, stat) => {
      const value = num(target.view[stat]) + amount;
      eng.setView(target, stat, value);
      eng.emit('damage', { target: target.id, amount: -amount, stat, value, by: f.actor.id });
      eng.recheckOut(target);
    }),
} satisfies EffectDef<Extract<Effect, { op: 'heal' }>>;
