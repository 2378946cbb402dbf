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
  private made: Data | undefined = undefined;

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
    this.made = undefined;
    return this;
  }

  /** Made once for all the keys of one sort (nothing a key computes changes it; the evaluator does not write to it). */
  data(): Record<string, unknown> {
    return (this.made ??= this.eng.actData(this.c.view, null, null));
  }
}

/** The item of `c` (by its listing index, unique in a combat, a joined one's included). */
export function cmbItem(eng: Engine, c: Cmb): CmbItem {
  let item = eng.cmbItems[c.index];
  if (item === undefined || item.c !== c) eng.cmbItems[c.index] = item = new CmbItem(eng, c);
  return item;
}
