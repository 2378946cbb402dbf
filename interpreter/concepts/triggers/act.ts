import type { CAction } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';
import { triggersFor } from './for-action.js';

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
    for (const t of triggersFor(list, action)) {
      // reactors "target": the one the act is aimed at (a dodge, a parry, a defensive abort).
      const reactors = t.reactors.isTarget ? (target && target !== actor && !target.out ? [target] : []) : eng.reactorsFor(t, actor);
      for (const r of reactors) {
        eng.react(t, r, actor, actSeq, 0, (event ??= { action: action.def.id, actor: actor.id, target: target?.id ?? null }));
        if (actor.out) return;
      }
    }
  },
} satisfies TriggerKind & { fire: unknown };
