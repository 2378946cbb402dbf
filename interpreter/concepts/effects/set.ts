import type { Scalar, Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { compileSubject } from '../subjects/index.js';

/** Set a stat; with `until`, the old value comes back at that moment. */
export default {
  op: 'set',
  description: 'Set a stat of self (or the target) to a value, for good or until a moment.',
  compile(e, cx) {
    const value = cx.expr(e.value, 'value');
    const until = e.until ? cx.duration(e.until, 'until') : null;
    const who = compileSubject(e.on, 'self', cx, 'on');
    // Literal values and round counts (`"value": true`, `"rounds": 1`) read no data: the act's data is not made for them.
    const literal = (x: unknown): boolean => typeof x !== 'object' || x === null;
    const readsData = !literal(e.value) || (e.until !== undefined && !literal(e.until.rounds));
    return (f, eng) => {
      eng.setPrefix(f);
      const data = readsData ? eng.frameData(f) : null!;
      const v = value(data);
      const u = until ? until(data) : null;
      const target = who(f, eng);
      if (!target) return;
      if (u)
        eng.conditions.push({
          id: `set:${e.key}`,
          owner: target,
          moment: eng.ownTurn(u.moment, f),
          remaining: u.count,
          restore: { key: e.key, value: target.view[e.key] },
        });
      eng.setView(target, e.key, v as Scalar);
      eng.recheckOut(target);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'set' }>>;
