/**
 * A declaration as a step's ordering sees it (run/initiative.ts orderable(c, d), made afresh for
 * every declaration left at every group of the step): one item per declaration for the whole
 * step (playOrdered), refreshed before each sort instead of made anew (an object, its id, a
 * closure and its context per declaration per group: the step's sorts made n + (n - 1) + … of them).
 *
 * The same fields as orderable gives, read at the same moments: refresh() takes the initiative
 * now (an act of the group just played may have changed it), data() is made at its first ask
 * after each refresh. An item is read only while its sort runs, and no sort starts inside
 * another (keys evaluate expressions, tie-breaks roll and decide), as run/cmb-items.ts says.
 */
import type { Data } from '../compile/evaluator.js';
import type { Orderable } from './ordering.js';
import type { Engine } from './engine.js';
import type { Decl } from './types.js';

export class DeclItem implements Orderable {
  /** `<combatant>.<action>`, made when first read (only a tie-break's label reads it). */
  private ident: string | null = null;
  readonly listing: number;
  readonly side: string;
  initiative: number | null = null;
  readonly declSeq: number;
  /** Whether `made` holds this sort's fields (false after refresh). */
  private filled = false;
  private made: Data | null = null;

  constructor(
    private readonly eng: Engine,
    readonly d: Decl,
  ) {
    const c = d.c;
    this.listing = c.index;
    this.side = c.side;
    this.declSeq = d.seq;
  }

  get id(): string {
    return (this.ident ??= `${this.d.c.id}.${this.d.action.def.id}`);
  }

  /** Ready for one sort: the initiative now, as orderable(c, d) reads it, and the data to be made again. */
  refresh(): this {
    const d = this.d;
    const c = d.c;
    this.initiative = d.initiative ?? (c.view.initiative as number | null) ?? this.eng.sideById.get(c.side)!.initiative;
    this.filled = false;
    return this;
  }

  /**
   * actData(actor, action, target) for all the keys of one sort, as orderable's closure made it
   * at its first ask. Made at the item's first sort, then written again in place at the first
   * ask after each refresh, every field in the same order with what a new literal would hold:
   * keys only toNumber() what they give (compile/ordering.ts), and an item is read only while
   * its sort runs (CmbItem.data does the same for a combatant).
   */
  data(): Record<string, unknown> {
    if (this.filled) return this.made!;
    this.filled = true;
    const eng = this.eng;
    const d = this.d;
    const p = this.made;
    if (p === null) return (this.made = eng.actData(d.c.view, d.action.view, d.target?.view ?? null));
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
    p.actor = d.c.view;
    p.action = d.action.view;
    p.target = d.target?.view ?? null;
    return p;
  }
}
