import { num } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { compileSubject } from '../subjects/index.js';

/** Add to a stat; with `until`, it is taken back at that moment. A change of initiative is an `initiative` event. */
export default {
  op: 'adjust',
  description: 'Add to (or take from) a stat of self or the target, for good or until a moment.',
  compile(e, cx) {
    const by = cx.expr(e.by, 'by');
    const until = e.until ? cx.duration(e.until, 'until') : null;
    const who = compileSubject(e.on, 'self', cx, 'on');
    return (f, eng) => {
      eng.setPrefix(f);
      const data = eng.frameData(f);
      const n = num(by(data));
      const u = until ? until(data) : null;
      const target = who(f, eng);
      if (!target) return;
      eng.setView(target, e.key, num(target.view[e.key]) + n);
      if (u)
        eng.conditions.push({
          id: `adjust:${e.key}`,
          owner: target,
          moment: eng.ownTurn(u.moment, f),
          remaining: u.count,
          adjust: { key: e.key, by: n },
        });
      if (e.key === 'initiative')
        eng.emit('initiative', { who: target.id, scope: 'combatant', value: target.view.initiative as number, adjusted: n });
      eng.recheckOut(target);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'adjust' }>>;
