import { num } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/** Healing: the stat goes up (a `damage` event with a negative amount). */
export default {
  op: 'heal',
  description: 'Heal the target (or self): the stat (hp) goes up.',
  compile(e, cx) {
    const amount = cx.expr(e.amount, 'amount');
    const who = e.to ?? 'target';
    const stat = e.stat ?? 'hp';
    return (f, eng) => {
      eng.setPrefix(f);
      const n = Math.max(0, Math.floor(num(amount(eng.frameData(f)))));
      const target = eng.subject(f, who);
      if (!target) return;
      const value = num(target.view[stat]) + n;
      eng.setView(target, stat, value);
      eng.emit('damage', { target: target.id, amount: -n, stat, value, by: f.actor.id });
      eng.recheckOut(target);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'heal' }>>;
