/**
 * A combatant as orderings see it (run/initiative.ts orderable(c, d) makes one of its declarations,
 * fresh each time): one item per combatant for the whole combat, refreshed before each sort
 * instead of made anew (an object, a closure and its context at every turn and declaration).
 *
 * An item is read only while its sort runs (afterwards only its combatant is), and no sort starts
 * inside another (keys evaluate expressions, tie-breaks roll and decide), so one item per
 * combatant serves every sort, a nested turn's included.
 */
import type { Data } from '../compile/evaluator.js';
import type { Orderable } from './ordering.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

export class CmbItem implements Orderable {
  readonly id: string;
  readonly listing: number;
  readonly side: string;
  initiative: number | null = null;
  readonly declSeq = 0;
  /** Whether `data` holds this sort's fields (false after refresh). */
  private filled = false;
  /** The item's expression data, made at its first sort and written again in place for each later one (see data()). */
  private made: Data | null = null;
  /** A turn of this combatant alone: its members and (when nothing keeps or shows it) its list of ids, made at its first such turn. */
  private lone: Set<Cmb> | null = null;
  private loneIds: string[] | null = null;

  constructor(
    private readonly eng: Engine,
    readonly c: Cmb,
  ) {
    this.id = c.id;
    this.listing = c.index;
    this.side = c.side;
  }

  /**
   * Ready for one sort: the initiative now (at round start, unless resuming, for a turn when
   * turns are sorted once a round: `fixedTurn`), and its expression data to be made again.
   */
  refresh(fixedTurn: boolean): this {
    const c = this.c;
    const fixed = fixedTurn && !this.eng.resuming.has(c);
    const own = fixed ? (c.view.initiativeAtRoundStart as number | null) : (c.view.initiative as number | null);
    this.initiative = own ?? this.eng.sideById.get(c.side)!.initiative;
    this.filled = false;
    return this;
  }

  /**
   * actData(actor, null, null) for all the keys of one sort (nothing a key computes changes it;
   * the evaluator does not write to it). Made at the item's first sort, then written again in
   * place at the first ask after each refresh, every field in the same order, with what a new
   * literal would hold: keys only toNumber() what they give (compile/ordering.ts), and an item is
   * read only while its sort runs, no sort inside another.
   */
  data(): Record<string, unknown> {
    if (this.filled) return this.made!;
    this.filled = true;
    const p = this.made;
    const eng = this.eng;
    if (p === null) return (this.made = eng.actData(this.c.view, null, null));
    const s = eng.summary();
    p.round = eng.round;
    p.phase = eng.phase ?? null;
    p.step = eng.step ?? null;
    p.options = eng.rs.options;
    p.holder = eng.holder;
    p.sides = eng.sidesMap;
    p.sideList = s.sideList;
    p.standingSides = s.standingSides;
    p.lastStanding = s.lastStanding;
    p.best = s.best;
    p.everyone = eng.everyone;
    p.encounter = eng.encounterState;
    p.lastActor = eng.lastActor?.view ?? null;
    p.pass = eng.passes.n + 1;
    p.actor = this.c.view;
    p.action = null;
    p.target = null;
    return p;
  }

  /** The members of a turn of this combatant alone: one set for the combat (a turn only reads its members). */
  loneMembers(): Set<Cmb> {
    return (this.lone ??= new Set([this.c]));
  }

  /** `[id]` for a turn of this combatant alone, one list for the combat: only when no event keeps it and no host is shown it. */
  loneWho(): string[] {
    return (this.loneIds ??= [this.c.id]);
  }
}

/** The item of `c` (by its listing index, unique in a combat, a joined one's included). */
export function cmbItem(eng: Engine, c: Cmb): CmbItem {
  let item = eng.cmbItems[c.index];
  if (item === undefined || item.c !== c) eng.cmbItems[c.index] = item = new CmbItem(eng, c);
  return item;
}
