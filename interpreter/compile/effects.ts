/** Effects compile to closures: each op is a registered definition (concepts/effects). */
import { num, type Data, type Evaluator } from './evaluator.js';
import type { Duration, Effect } from '../model/types.js';
import type { CEffect, Moment } from './types.js';
import { EFFECT_OPS } from '../concepts/effects/index.js';
import type { EffectCompiler } from '../concepts/types.js';

export type Procedures = Map<string, CEffect[]>;

function momentOf(d: Duration): Moment {
  return typeof d.endsAt === 'string' ? d.endsAt : { phase: d.endsAt.phase };
}

export function compileEffects(effects: Effect[], ptr: string, ev: Evaluator, procs: Procedures): CEffect[] {
  return effects.map((e, i) => compileEffect(e, `${ptr}/${i}`, ev, procs));
}

function compileEffect(e: Effect, ptr: string, ev: Evaluator, procs: Procedures): CEffect {
  const def = Object.hasOwn(EFFECT_OPS, e.op) ? EFFECT_OPS[e.op] : undefined;
  if (!def) throw ev.at(`${ptr}/op`, `unknown effect op "${String(e.op)}"; the ops are ${Object.keys(EFFECT_OPS).join(', ')}`);
  const cx: EffectCompiler = {
    ev,
    ptr,
    procedures: procs,
    expr: (expr, field) => ev.compile(expr, `${ptr}/${field}`),
    duration: (d, field) => {
      const rounds = d.rounds === undefined ? () => 1 : ev.compile(d.rounds, `${ptr}/${field}/rounds`);
      const moment = momentOf(d);
      return (data: Data) => ({ moment, count: Math.max(1, Math.floor(num(rounds(data)))) });
    },
    effects: (list, field) => compileEffects(list, `${ptr}/${field}`, ev, procs),
  };
  return def.compile(e, cx);
}
