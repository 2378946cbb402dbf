import { num } from '../../compile/evaluator.js';
import { constantOf } from '../../compile/constants.js';
import type { CAction } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';
import { triggersFor } from './for-action.js';

/**
 * A move sets reactions off: before it (a fighting withdrawal gives the foe an attack), during it
 * (once per reactor and move, when the mover comes `within` its distance), or after it.
 */
export default {
  on: 'move',
  description:
    'Someone moves (only moves made by the listed actions, when `actions` is given; by actions with one of `actionTags`, when given).',
  timings: {
    before: 'before the move',
    during: 'while the mover passes within `within` feet of the reactor (once per move)',
    after: 'after the move',
  },
  fire(eng: Engine, timing: string, mover: Cmb, action: CAction, eventSeq: number, fired: Set<string> | null): void {
    const list = eng.rs.triggersAt.move?.[timing];
    if (!list) return;
    const during = timing === 'during';
    for (const t of triggersFor(list, action)) {
      // A literal distance (the usual case): read once, not for every reactor.
      const fixed = during ? constantOf(t.within) : undefined;
      for (const r of eng.reactorsFor(t, mover)) {
        let key: string | undefined;
        if (fired && fired.size) {
          key = `${t.def.id}:${r.id}`;
          if (fired.has(key)) continue;
        }
        if (during) {
          const within = num(fixed ? fixed.value : t.within(eng.reactorMoverData(r.view, mover.view)));
          if (eng.distance(r, mover)! > within) continue;
        }
        // A reactor who could not react now may still react later in the move.
        if (eng.react(t, r, mover, eventSeq, 0)) fired?.add(key ?? `${t.def.id}:${r.id}`);
        if (mover.out) return;
      }
    }
  },
} satisfies TriggerKind & { fire: unknown };
