import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/** Roll dice under a label (`<prefix>.<label>`, so it can be pinned) and keep the result in `local.<as>`. */
export default {
  op: 'roll',
  description: 'Roll dice (a labelled roll that can be pinned) and keep the total, the dice and the natural roll.',
  compile(e, cx) {
    const dice = cx.expr(e.dice, 'dice');
    return (f, eng) => {
      eng.setPrefix(f);
      const notation = String(dice(eng.frameData(f)));
      const r = eng.dice.roll(`${f.prefix}.${e.label}`, notation);
      f.local[e.as] = { total: r.total, dice: r.dice, natural: r.dice[0] ?? r.total };
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'roll' }>>;
