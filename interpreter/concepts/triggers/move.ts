import { num } from '../../compile/evaluator.js';
import { constantOf } from '../../compile/constants.js';
import type { CAction, CTrigger } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';
import { triggersFor } from './for-action.js';

/**
 * Up to `bits` combatants, the reactors of a move are kept as the bits of a number; above, as
 * reactorsFor's list. Both give the same reactors in the same order. A test lowers `bits` to
 * run one scene both ways (test/move-triggers-many.test.ts); it must stay at most 31.
 */
export const moveReactorMask = { bits: 30 };

/**
 * Whether a `during` trigger with a literal `within` skips a tick in which no one stands within
 * it of the mover (fire). Always, but for a test that plays scenes both ways
 * (test/move-shortcuts.test.ts): the traces must be the same.
 */
export const duringShortcut = { noneWithin: true };

/** What considering a reactor came to (consider's answer). */
const UNTOUCHED = 0;
const TOUCHED = 1;
const MOVER_OUT = 2;

/**
 * One reactor's chance to react to the move. UNTOUCHED when nothing was done that could change
 * anything (the reactor was out of reach, had already reacted, or a roll-free `when` said no:
 * react then wrote nothing); MOVER_OUT when the mover is out (no one else reacts); else TOUCHED.
 */
function consider(
  eng: Engine,
  t: CTrigger,
  r: Cmb,
  mover: Cmb,
  during: boolean,
  fixed: { value: unknown } | undefined,
  eventSeq: number,
  fired: Set<string> | null,
): number {
  let key: string | undefined;
  if (fired && fired.size) {
    key = `${t.def.id}:${r.id}`;
    if (fired.has(key)) return UNTOUCHED;
  }
  if (during) {
    const within = num(fixed ? fixed.value : t.within(eng.reactorMoverData(r.view, mover.view)));
    if (eng.distance(r, mover)! > within) return fixed ? UNTOUCHED : TOUCHED;
  }
  // A reactor who could not react now may still react later in the move.
  const reacted = eng.react(t, r, mover, eventSeq, 0);
  if (reacted) fired?.add(key ?? `${t.def.id}:${r.id}`);
  if (mover.out) return MOVER_OUT;
  // Refused by a trigger whose checks are all roll-free and ask no one (whenFirst), react wrote
  // nothing; nor did a literal `within`.
  return reacted || !t.whenFirst || (during && !fixed) ? TOUCHED : UNTOUCHED;
}

/** The last trigger asked about and its literal `within` (a move asks every tick; a compiled trigger never changes). */
let lastTrigger: CTrigger | null = null;
let lastFixed: { value: unknown } | undefined;

/** constantOf(t.within), the last answer kept at hand. */
function fixedWithin(t: CTrigger): { value: unknown } | undefined {
  if (t !== lastTrigger) {
    lastTrigger = t;
    lastFixed = constantOf(t.within);
  }
  return lastFixed;
}

/**
 * Whether every combatant but the mover who still stands is found beyond `within` of it, as
 * consider measures (`distance > within`: a place that is not a number is never beyond).
 */
function noneWithin(cmbs: readonly Cmb[], mover: Cmb, within: number): boolean {
  const pos = mover.view.position as number;
  for (let i = 0; i < cmbs.length; i++) {
    const o = cmbs[i]!;
    if (o === mover || o.out) continue;
    if (!(Math.abs((o.view.position as number) - pos) > within)) return false;
  }
  return true;
}

/**
 * A move sets reactions off: before it (a fighting withdrawal gives the foe an attack), during it
 * (once per reactor and move, when the mover comes `within` its distance), or after it. `fire`
 * answers whether it may have changed anything (a tick of a move in which nothing changed ends it).
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
  fire(eng: Engine, timing: string, mover: Cmb, action: CAction, eventSeq: number, fired: Set<string> | null): boolean {
    const list = eng.rs.triggersAt.move?.[timing];
    if (!list) return false;
    const during = timing === 'during';
    const cmbs = eng.cmbs;
    let touched = false;
    for (const t of triggersFor(list, action)) {
      // A literal distance (the usual case): read once, not for every reactor.
      const fixed = during ? fixedWithin(t) : undefined;
      // Nobody within a literal distance of the mover (most ticks of most moves): every reactor
      // would be found beyond it, one after another, with nothing done in between (consider's
      // UNTOUCHED), so none is looked for.
      if (fixed && duringShortcut.noneWithin && noneWithin(cmbs, mover, num(fixed.value))) continue;
      if (cmbs.length > moveReactorMask.bits) {
        for (const r of eng.reactorsFor(t, mover)) {
          const done = consider(eng, t, r, mover, during, fixed, eventSeq, fired);
          if (done === MOVER_OUT) return true;
          if (done === TOUCHED) touched = true;
        }
        continue;
      }
      // reactorsFor's list, kept as bits of eng.cmbs (taken before anyone reacts, as the list is):
      // a move is asked about every tick, and most ticks nobody is within reach. eng.cmbs only
      // changes at a host's pause (a turn's or a step's start), never inside a move.
      const includes = t.reactors.includes;
      let who = 0;
      for (let i = 0; i < cmbs.length; i++) {
        const o = cmbs[i]!;
        if (o !== mover && !o.out && includes(o, mover)) who |= 1 << i;
      }
      for (let i = 0; who !== 0; i++) {
        if ((who & (1 << i)) === 0) continue;
        who &= ~(1 << i);
        const done = consider(eng, t, cmbs[i]!, mover, during, fixed, eventSeq, fired);
        if (done === MOVER_OUT) return true;
        if (done === TOUCHED) touched = true;
      }
    }
    return touched;
  },
} satisfies TriggerKind & { fire: unknown };
