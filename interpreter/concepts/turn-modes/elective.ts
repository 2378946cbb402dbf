import { truthy } from '../../compile/evaluator.js';
import { orderIntoGroups } from '../../run/ordering.js';
import { cmbItem } from '../../run/cmb-items.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TurnMode } from '../types.js';

/** The candidates in turn order (`round.turns.order`), tied ones in listing order. */
function inTurnOrder(eng: Engine, candidates: Cmb[], memo: Map<string, number>): Cmb[] {
  const fixedTurn = eng.rs.def.round.turns.resort === 'round-start';
  const groups = orderIntoGroups(
    candidates.map((c) => cmbItem(eng, c).refresh(fixedTurn)),
    eng.rs.turnOrder,
    eng.orderEnv(eng.tieLabel('turns'), false, memo),
  );
  return groups.flat().map((o) => o.c);
}

/** Who chooses (a combatant's id, a side's id, or the referee) when `prev` has just acted. */
function chooserOf(eng: Engine, prev: Cmb | null): { by: string; actor: Cmb | null } {
  const how = eng.rs.elective?.def.chooser ?? 'actor';
  if (!prev || how === 'referee') return { by: 'referee', actor: prev };
  return { by: how === 'side' ? prev.side : prev.id, actor: prev };
}

/** The default pick: the document's `default` if it names a candidate, else the first preferred in turn order. */
function defaultPick(eng: Engine, chooser: Cmb | null, ordered: Cmb[]): Cmb {
  const el = eng.rs.elective!;
  const candidates = ordered.map((c) => c.view);
  if (el.default) {
    const id = el.default(eng.base({ actor: chooser?.view ?? null, candidates }));
    const hit = ordered.find((c) => c.id === id);
    if (hit) return hit;
  }
  if (el.prefer) {
    const hit = ordered.find((c) => truthy(el.prefer!(eng.base({ actor: chooser?.view ?? null, next: c.view, candidates }))));
    if (hit) return hit;
  }
  return ordered[0]!;
}

/**
 * A hold in elective order gives the turn back: the holder waits again among those not chosen
 * yet, and plays its turn when it is chosen (declaring anew). Once a round: a second hold is lost.
 */
function giveBack(eng: Engine, c: Cmb, held: Set<Cmb>): void {
  eng.holds.delete(c);
  if (held.has(c) || c.out) {
    eng.emit('note', { combatant: c.id, text: 'the held turn is lost (it held once this round already)' });
    return;
  }
  held.add(c);
  eng.turnPlayed.delete(c);
  eng.endedTurn.delete(c);
  eng.resuming.add(c);
  for (const d of eng.decls) if (d.c === c && !d.done) d.done = true;
  eng.emit('note', { combatant: c.id, text: 'waits to be chosen again' });
}

/**
 * Elective ("popcorn") order: the one who just acted (or its side, or the referee) chooses who
 * acts next among those who have not acted this round, a labelled decision `r<round>.<id>.<n>`.
 * The round's first turn is the referee's choice by turn order, unless `lastOpens`: then
 * whoever acted last in the previous round chooses, among everyone standing, itself included.
 */
export default {
  name: 'elective',
  description:
    'Elective order: whoever just acted (or its side, or the referee: turns.elective.chooser) chooses who acts next among those who have not acted this round. A hold gives the turn back: the holder waits to be chosen again (once a round).',
  playTurns(eng) {
    const el = eng.rs.elective!;
    eng.turnPlayed = new Set();
    const memo = new Map<string, number>();
    let prev: Cmb | null = el.def.lastOpens ? eng.lastTurn : null;
    if (prev && !eng.cmbs.includes(prev)) prev = null;
    // Who held its turn this round and went back among those waiting (once a round each).
    const held = new Set<Cmb>();
    for (let n = 1; n <= eng.cmbs.length * 2 + 1; n++) {
      const candidates = eng.cmbs.filter((c) => !c.out && !eng.turnPlayed.has(c) && !eng.endedTurn.has(c));
      if (candidates.length === 0) return;
      const ordered = inTurnOrder(eng, candidates, memo);
      const { by, actor } = chooserOf(eng, prev);
      const fallback = defaultPick(eng, actor, ordered);
      const chosenId =
        ordered.length === 1
          ? ordered[0]!.id
          : eng.decide(
              `r${eng.round}.${el.id}.${n}`,
              ordered.map((c) => c.id),
              fallback.id,
              by,
            );
      const c = eng.byId.get(chosenId)!;
      eng.turnPlayed.add(c);
      eng.playTurn(new Set([c]), [c.id]);
      if (eng.holds.has(c)) giveBack(eng, c, held);
      prev = c;
      // Whose turn ended last, across rounds (the one who may open the next round).
      eng.lastTurn = c;
    }
  },
  toCome(eng, inTurn) {
    // Anyone who has not acted may be chosen: one tier, in listing order.
    const waiting = eng.cmbs.filter((c) => !c.out && !eng.turnPlayed.has(c) && !eng.endedTurn.has(c) && !inTurn.has(c.id));
    return waiting.length ? [waiting.map((c) => c.id)] : [];
  },
} satisfies TurnMode;
