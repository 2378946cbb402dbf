import { num } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/**
 * Set (or add to) a value kept by the encounter (`encounter.<key>`) or a side
 * (`sides.<id>.state.<key>`): the actor's side, or the side `side` names.
 */
export default {
  op: 'state',
  description: 'Set or add to a value kept by the whole encounter or by a side (the actor’s, or the one named).',
  compile(e, cx) {
    const value = e.value === undefined ? null : cx.expr(e.value, 'value');
    const add = e.add === undefined ? null : cx.expr(e.add, 'add');
    const side = e.side === undefined ? null : cx.expr(e.side, 'side');
    return (f, eng) => {
      eng.setPrefix(f);
      const data = eng.frameData(f);
      let store: Record<string, unknown>;
      if (e.of === 'encounter') store = eng.encounterState;
      else {
        const id = side ? String(side(data)) : f.actor.side;
        const s = eng.sideById.get(id);
        if (!s)
          throw cx.ev.at(`${cx.ptr}/side`, `no side "${id}" in this encounter; the sides are ${eng.sides.map((x) => x.id).join(', ')}`);
        store = s.view.state as Record<string, unknown>;
      }
      const next = value ? value(data) : num(store[e.key]) + num(add ? add(data) : 0);
      store[e.key] = add && value ? num(next) + num(add(data)) : next;
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'state' }>>;
