import { truthy } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import { DEFAULT_REPEATS } from '../../run/repeat-limit.js';
import type { EffectDef } from '../types.js';

/**
 * Repeat effects until a condition holds (read after each time: an exploding die, a redraw
 * while low), at most limits.repeats times; then a warning and the act goes on. Rolls inside
 * repeat their labels: label, label#2, label#3…
 */
export default {
  op: 'repeat',
  description: 'Run these effects again and again until a condition holds, at most limits.repeats times.',
  compile(e, cx) {
    const body = cx.effects(e.effects, 'effects');
    const until = cx.expr(e.until, 'until');
    return (f, eng) => {
      const bound = eng.rs.limits.repeats ?? DEFAULT_REPEATS;
      for (let n = 1; ; n++) {
        for (const eff of body) eff(f, eng);
        eng.setPrefix(f);
        if (truthy(until(eng.frameData(f)))) return;
        if (n >= bound) {
          eng.emit('warning', { message: `${cx.ptr}: repeated ${bound} times and "until" never held (limits.repeats); the act goes on` });
          return;
        }
      }
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'repeat' }>>;
