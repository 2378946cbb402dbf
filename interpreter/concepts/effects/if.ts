import { truthy } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

export default {
  op: 'if',
  description: 'When a condition holds, these effects; otherwise those.',
  compile(e, cx) {
    const cond = cx.expr(e.cond, 'cond');
    const then = cx.effects(e.then, 'then');
    const otherwise = cx.effects(e.else ?? [], 'else');
    return (f, eng) => {
      eng.setPrefix(f);
      for (const eff of truthy(cond(eng.frameData(f))) ? then : otherwise) eff(f, eng);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'if' }>>;
