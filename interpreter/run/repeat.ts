/**
 * Bounded repetition of phases (`round.repeat`): when a turn has played the last phase of the
 * repeated group and `while` holds, it plays the group again from its first phase (initiative
 * passes), with the slots named by `refresh` refilled. At most `limits.repeats` times a turn;
 * then a warning, and the turn goes on.
 */
import { truthy } from '../compile/evaluator.js';
import type { CPhase } from '../compile/types.js';
import { DEFAULT_REPEATS } from './repeat-limit.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/** After phase `i` of a turn: the index to go on from (i, or just before the group's first phase). */
export function repeatAfter(e: Engine, phases: CPhase[], i: number, members: Set<Cmb>, done: { n: number }): number {
  const rep = e.rs.repeat;
  if (!rep || phases[i]!.def.id !== rep.last) return i;
  if (!truthy(rep.while(e.baseProbe()))) return i;
  const bound = e.rs.limits.repeats ?? DEFAULT_REPEATS;
  if (done.n >= bound) {
    e.emit('warning', { message: `phases ${rep.first}…${rep.last} repeated ${bound} times this turn (limits.repeats); the turn goes on` });
    return i;
  }
  done.n++;
  const slots = e.rs.def.economy.slots;
  for (const c of members) for (const k of rep.refresh) c.slots[k] = slots[k] ?? 0;
  e.emit('repeat', { from: rep.first, count: done.n + 1 });
  return phases.findIndex((p) => p.def.id === rep.first) - 1;
}
