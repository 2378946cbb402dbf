/**
 * reactorsFor's list (run/triggers.ts) as the bits of a number over `eng.cmbs`, for a trigger
 * fired with up to `moveReactorMask.bits` combatants: the same reactors, in the same order, taken
 * at the same moment (before anyone reacts), without an array each time. `eng.cmbs` only changes
 * at a host's pause (a turn's or a step's start), never while a trigger's reactions are played.
 */
import type { CTrigger } from '../../compile/types.js';
import type { Cmb } from '../../run/types.js';

/** Bit i set: `cmbs[i]` may react to `t` set off by `by` (not `by`, not out, among its reactors). */
export function reactorBits(cmbs: readonly Cmb[], t: CTrigger, by: Cmb): number {
  const includes = t.reactors.includes;
  let who = 0;
  for (let i = 0; i < cmbs.length; i++) {
    const o = cmbs[i]!;
    if (o !== by && !o.out && includes(o, by)) who |= 1 << i;
  }
  return who;
}
