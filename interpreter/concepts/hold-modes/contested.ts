import { num } from '../../compile/evaluator.js';
import type { HoldSpec } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import { frame, type Cmb } from '../../run/types.js';
import type { HoldMode } from '../types.js';
import { takeOver, wantsToStepIn } from './before-act.js';

/** One side of the opposed roll: `contest.dice` plus `contest.bonus`, read with the roller as `actor` and the other as `target`. */
function rollFor(eng: Engine, roller: Cmb, other: Cmb, h: HoldSpec): number {
  const contest = h.contest!;
  const f = frame(roller, other, null, `r${eng.round}.${roller.id}`);
  eng.setPrefix(f);
  const data = eng.frameData(f);
  const notation = contest.dice(data);
  // The label names the roller and the one it is rolled against: r<N>.<roller>.<label>.<other>.
  const r = eng.dice.rollIn(f.prefix, `${contest.label}.${other.id}`, String(notation));
  return r.total + (contest.bonus ? num(contest.bonus(data)) : 0);
}

/**
 * Hold the action and try to step in before someone else acts, by an opposed roll. The holder
 * says whether it tries (`…resume.<next>`, as before-act); then both roll `contest.dice` (+
 * `contest.bonus`), each labelled `r<N>.<roller>.<label>.<other>`. Higher: the holder acts first.
 * Lower: the other acts first and the holder right after it (`loses: "after"`), or the holder
 * keeps holding (`"keep"`). Equal: both act at once, one simultaneous group (damage lands together).
 */
export default {
  name: 'contested',
  description:
    'Hold the action and try to step in before a later act by an opposed roll: the better roll acts first, a tie is simultaneous (both act at once).',
  replaysTurn: false,
  resumesAtRoundEnd: false,
  needsContest: true,
  start(eng, f) {
    eng.emit('note', { combatant: f.actor.id, text: 'holds its action' });
  },
  beforeAct(eng, c, next, h) {
    // Already lost a roll against this act: it acts right after it.
    if (eng.actsAfter.get(c)?.round === eng.round) return;
    if (!wantsToStepIn(eng, c, next, h)) return;
    const mine = rollFor(eng, c, next, h);
    const theirs = rollFor(eng, next, c, h);
    const outcome = mine > theirs ? 'wins' : mine < theirs ? 'loses' : 'ties';
    eng.emit('note', { combatant: c.id, text: `steps in before ${next.id}: ${mine} against ${theirs}, ${outcome}` });
    if (outcome === 'loses') {
      if (h.contest!.loses === 'after') eng.actsAfter.set(c, { next, round: eng.round });
      return;
    }
    takeOver(eng, c, next, h);
    if (outcome === 'ties') eng.openTie(next);
    eng.resume(c);
  },
} satisfies HoldMode;
