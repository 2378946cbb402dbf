/**
 * The turn queue of combatants (round.turns.by "combatant"): who has a turn to come, in the turn
 * order, re-sorted before every turn.
 */
import { truthy, type Data } from '../compile/evaluator.js';
import { firstGroup, type Orderable, type OrderEnv } from './ordering.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/**
 * A combatant waiting for its turn as the turn order sees it: what run/initiative.ts makes with
 * orderable(c, null, true), kept for the round and refreshed before each sort instead of made
 * anew (its initiative read again, its expression data made again when a key first asks).
 */
class TurnItem implements Orderable {
  readonly id: string;
  readonly listing: number;
  readonly side: string;
  initiative: number | null = null;
  readonly declSeq = 0;
  private made: Data | undefined = undefined;

  constructor(
    private readonly eng: Engine,
    readonly c: Cmb,
  ) {
    this.id = c.id;
    this.listing = c.index;
    this.side = c.side;
  }

  /** Ready for one sort: the initiative now (at round start, unless resuming, when the queue is sorted once a round). */
  refresh(resortAtRoundStart: boolean): this {
    const c = this.c;
    const fixed = resortAtRoundStart && !this.eng.resuming.has(c);
    const own = fixed ? (c.view.initiativeAtRoundStart as number | null) : (c.view.initiative as number | null);
    this.initiative = own ?? this.eng.sideById.get(c.side)!.initiative;
    this.made = undefined;
    return this;
  }

  /** Made once for all the keys of one sort (nothing a key computes changes it; the evaluator does not write to it). */
  data(): Record<string, unknown> {
    return (this.made ??= this.eng.actData(this.c.view, null, null));
  }
}

/**
 * Combatants take turns one by one (simultaneous when tied), highest first. The queue is
 * re-sorted before every turn, so an initiative changed mid-round (a delay, a reaction, a
 * readied action) takes effect at once — unless turns.resort is "round-start".
 */
function playCombatantTurns(this: Engine): void {
  this.turnPlayed.clear();
  const memo = new Map<string, number>();
  // One environment for the round's sorts: its label depends on the round only, and it reads the memo and the engine when asked.
  let env: OrderEnv | undefined;
  const cmbs = this.cmbs;
  // When the selects it evaluates cannot roll, a fallen combatant's need of a turn is asked after
  // the checks that read no expression: one who has had its turn is not asked again each turn.
  // The same candidates come out (the checks write nothing), and no die moves.
  const outLast = this.rs.outTurnRollFree;
  // Who has a turn to come, each as the turn order sees it: one item per combatant for the round,
  // refreshed before each sort, and one array filled again for each turn.
  const resortAtRoundStart = this.rs.def.round.turns.resort === 'round-start';
  // By place in the list; made again for a place whose combatant changed (a host's join or flee).
  const items: TurnItem[] = [];
  const candidates: TurnItem[] = [];
  for (let guard = 0; guard < cmbs.length * 4 + 8; guard++) {
    // In listing order, as before.
    candidates.length = 0;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      if (outLast) {
        if (this.turnPlayed.has(c) || this.heldIndefinitely(c) || this.endedTurn.has(c) || (c.out && !this.needsOutTurn(c))) continue;
      } else if (!((!c.out || this.needsOutTurn(c)) && !this.turnPlayed.has(c) && !this.heldIndefinitely(c) && !this.endedTurn.has(c))) {
        continue;
      }
      let item = items[i];
      if (item === undefined || item.c !== c) items[i] = item = new TurnItem(this, c);
      candidates.push(item.refresh(resortAtRoundStart));
    }
    if (candidates.length === 0) return;
    const first = firstGroup(candidates, this.rs.turnOrder, (env ??= this.orderEnv(this.tieLabel('turns'), false, memo)));
    const n = first.length;
    const tier: Cmb[] = new Array<Cmb>(n);
    const who: string[] = new Array<string>(n);
    const members = new Set<Cmb>();
    for (let j = 0; j < n; j++) {
      const c = first[j]!.c;
      tier[j] = c;
      who[j] = c.id;
      members.add(c);
      this.turnPlayed.add(c);
    }
    this.playTurn(members, who);
    // A turn ended by a hold that replays it (a delay to a later count) is played again when that count comes.
    for (const c of tier) {
      if (this.endedTurn.has(c) && this.holds.get(c)?.mode.replaysTurn) {
        this.turnPlayed.delete(c);
        this.holds.delete(c);
        this.endedTurn.delete(c);
        this.resuming.add(c);
      }
    }
  }
  throw this.rs.evaluator.at('/round/turns', `round ${this.round}: the turns never ended (a delay keeps postponing itself)`);
}

/** A fallen combatant still has a turn when a step performs something for the fallen (bleeding on its count). */
function needsOutTurn(this: Engine, c: Cmb): boolean {
  for (const phase of this.rs.phases) {
    for (const step of phase.steps) {
      if (step.perform && step.def.includeOut && truthy(step.select(this.actorData(c.view)))) return true;
    }
  }
  return false;
}

export const turnQueueMethods = { playCombatantTurns, needsOutTurn };
