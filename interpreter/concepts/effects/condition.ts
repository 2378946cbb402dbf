import type { Effect } from '../../model/types.js';
import { describeMoment } from '../../run/conditions.js';
import type { EffectDef } from '../types.js';
import { compileSubject } from '../subjects/index.js';

/** A named condition on the target (or self) for a duration; its `then` effects run when it ends. */
export default {
  op: 'condition',
  description: 'Put a named condition on the target (or self) until a moment; effects may follow when it ends.',
  compile(e, cx) {
    const d = cx.duration(e.duration, 'duration');
    const then = cx.effects(e.then ?? [], 'then');
    const who = compileSubject(e.on, 'target', cx, 'on');
    return (f, eng) => {
      eng.setPrefix(f);
      const r = d(eng.frameData(f));
      const target = who(f, eng);
      if (!target) return;
      const id = e.id;
      eng.conditions.push({
        id,
        owner: target,
        moment: eng.ownTurn(r.moment, f),
        remaining: r.count,
        ...(then.length ? { then: { effects: then, by: f.actor, target: f.target, prefix: `${f.prefix}.${id}` } } : {}),
      });
      (target.view.conditions as string[]).push(id);
      eng.emit('condition', { target: target.id, condition: id, by: f.actor.id, ends: describeMoment(r.moment), rounds: r.count });
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'condition' }>>;
