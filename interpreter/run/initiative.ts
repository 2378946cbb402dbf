/**
 * Initiative: rolled by the ruleset's scope (concepts/initiative-scopes), and the environment
 * orderings get from the engine (side ranks, tie-break dice and decisions, remembered when the
 * same tie is sorted again).
 */
import { num, truthy, type Data } from '../compile/evaluator.js';
import type { Orderable, OrderEnv } from './ordering.js';
import type { Engine } from './engine.js';
import { dealInitiative } from './decks.js';
import type { Cmb, Decl } from './types.js';

function rollInitiative(this: Engine): void {
  const ini = this.rs.initiative;
  if (!ini.rolls.due(this)) return;
  this.initiativeRolled = true;
  // Cards first (initiative.deal): the formula reads actor.card.
  if (ini.deal) dealInitiative(this, ini.deal);
  ini.scope.roll(this);
}

/** The initiative formula and its modifiers for `data`, rolls labelled `label` (under the round unless rolled once). */
function initiativeValue(this: Engine, label: string, data: Data, once: boolean): number {
  const ev = this.rs.evaluator;
  ev.ctx.labelPrefix = once ? label : `r${this.round}.${label}`;
  const d = this.base(data);
  let v = num(this.rs.initiative.formula(d));
  for (const m of this.rs.initiative.modifiers) if (truthy(m.when(d))) v += num(m.add(d));
  return v;
}

/** The rank of `side`'s tier in the side order (after the last tier when in none): a loop, no closure per call (a sort key asks it for every item). */
function sideRank(this: Engine, side: string): number {
  const order = this.sideOrder;
  for (let i = 0; i < order.length; i++) if (order[i]!.includes(side)) return i;
  return order.length;
}

function tieLabel(this: Engine, what: string): string {
  return this.rs.initiative.rolls.label(this, what);
}

/**
 * Ordering needs dice for re-rolled ties and decisions for referee ties. The same tie sorted
 * again (the queue is re-sorted before every turn) gets the same answer from `memo`; when
 * initiative is rolled once, so do the turns of later rounds ("the same order every round").
 * `memo` "fresh": a memo of this environment's own, made at its first roll (most orderings never roll).
 */
function orderEnv(this: Engine, label: string, reversed: boolean, memo?: Map<string, number> | 'fresh'): OrderEnv {
  return new EngineOrderEnv(this, label, reversed, memo);
}

/**
 * The engine's ordering environment: one object whose methods are on its class (an environment
 * is made for every declaration round, step and turn order; as a literal it was an object and
 * three closures, each with its context).
 */
class EngineOrderEnv implements OrderEnv {
  private readonly once: boolean;
  private memo: Map<string, number> | undefined;
  private readonly fresh: boolean;

  constructor(
    private readonly eng: Engine,
    readonly label: string,
    readonly reversed: boolean,
    memo: Map<string, number> | 'fresh' | undefined,
  ) {
    this.once = label.startsWith('init.');
    this.fresh = memo === 'fresh';
    this.memo = memo === 'fresh' ? undefined : memo;
  }

  sideRank(s: string): number {
    return this.eng.sideRank(s);
  }

  roll(l: string, notation: string, attempt: number): number {
    const key = `${l}@${attempt}`;
    const store = this.once ? this.eng.onceMemo : this.fresh ? (this.memo ??= new Map()) : this.memo;
    const known = store?.get(key);
    if (known !== undefined) return known;
    const v = this.eng.dice.roll(l, notation).total;
    store?.set(key, v);
    return v;
  }

  decide(l: string, options: string[], fallback: string, by = 'referee'): string {
    const key = `${l}?${options.join(',')}`;
    const known = this.once ? this.eng.onceChoices.get(key) : undefined;
    if (known !== undefined) return known;
    const chosen = this.eng.decide(l, options, fallback, by);
    if (this.once) this.eng.onceChoices.set(key, chosen);
    return chosen;
  }
}

/** One of a combatant's declarations, as orderings see it (a combatant itself, for its turn: run/cmb-items.ts). */
function orderable(this: Engine, c: Cmb, d: Decl): Orderable {
  let data: Data | undefined;
  return {
    id: `${c.id}.${d.action.def.id}`,
    listing: c.index,
    side: c.side,
    initiative: d.initiative ?? (c.view.initiative as number | null) ?? this.sideById.get(c.side)!.initiative,
    declSeq: d.seq,
    // Made once for all the keys of one ordering (nothing a key computes changes it; the evaluator does not write to it).
    data: () => (data ??= this.actData(c.view, d.action.view, d.target?.view ?? null)),
  };
}

export const initiativeMethods = { rollInitiative, initiativeValue, sideRank, tieLabel, orderEnv, orderable };
