import { num } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/** Damage to a stat (hp by default). In a simultaneous group it lands when the whole group has acted. */
export default {
  op: 'damage',
  description: 'Deal damage to the target (or self): the stat (hp) goes down; simultaneous acts land together.',
  compile(e, cx) {
    const amount = cx.expr(e.amount, 'amount');
    const who = e.to ?? 'target';
    const stat = e.stat ?? 'hp';
    return (f, eng) => {
      eng.setPrefix(f);
      const n = Math.max(0, Math.floor(num(amount(eng.frameData(f)))));
      const target = eng.subject(f, who);
      if (!target) return;
      if (f.defer) f.defer.push({ target, amount: n, stat, by: f.actor });
      else eng.applyDamage(target, n, stat, f.actor);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'damage' }>>;
