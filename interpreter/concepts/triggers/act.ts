import type { CAction } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';
import { triggersFor } from './for-action.js';
import { moveReactorMask } from './move.js';
import { reactorBits } from './reactor-bits.js';

/** An act sets reactions off: before it (a braced spear against a charge) or after it. */
export default {
  on: 'act',
  description: 'Someone acts (only the listed actions, when `actions` is given; only actions with one of `actionTags`, when given).',
  timings: { before: 'before the act takes effect', after: 'after the act took effect' },
  fire(eng: Engine, timing: string, actor: Cmb, action: CAction, actSeq: number, target: Cmb | null): void {
    const list = eng.rs.triggersAt.act?.[timing];
    if (!list) return;
    // What set the reactions off: one object for every reactor (data only ever reads it).
    let event: Record<string, unknown> | null = null;
    const cmbs = eng.cmbs;
    for (const t of triggersFor(list, action)) {
      // reactors "target": the one the act is aimed at (a dodge, a parry, a defensive abort).
      if (t.reactors.isTarget) {
        if (target && target !== actor && !target.out) {
          eng.react(t, target, actor, actSeq, 0, (event ??= { action: action.def.id, actor: actor.id, target: target.id }));
          if (actor.out) return;
        }
        continue;
      }
      if (cmbs.length > moveReactorMask.bits) {
        for (const r of eng.reactorsFor(t, actor)) {
          eng.react(t, r, actor, actSeq, 0, (event ??= { action: action.def.id, actor: actor.id, target: target?.id ?? null }));
          if (actor.out) return;
        }
        continue;
      }
      // reactorsFor's list as bits (reactor-bits.ts): no array per trigger and act.
      let who = reactorBits(cmbs, t, actor);
      for (let i = 0; who !== 0; i++) {
        if ((who & (1 << i)) === 0) continue;
        who &= ~(1 << i);
        eng.react(t, cmbs[i]!, actor, actSeq, 0, (event ??= { action: action.def.id, actor: actor.id, target: target?.id ?? null }));
        if (actor.out) return;
      }
    }
  },
} satisfies TriggerKind & { fire: unknown };
