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

/** The place of `side`'s tier in the side order (after every tier when in none): a loop, no closure per call (sorts ask it per comparison). */
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
 */
function orderEnv(this: Engine, label: string, reversed: boolean, memo?: Map<string, number>): OrderEnv {
  const once = label.startsWith('init.');
  return {
    sideRank: (s) => this.sideRank(s),
    reversed,
    label,
    roll: (l, notation, attempt) => {
      const key = `${l}@${attempt}`;
      const known = (once ? this.onceMemo : memo)?.get(key);
      if (known !== undefined) return known;
      const v = this.dice.roll(l, notation).total;
      (once ? this.onceMemo : memo)?.set(key, v);
      return v;
    },
    decide: (l, options, fallback, by = 'referee') => {
      const key = `${l}?${options.join(',')}`;
      const known = once ? this.onceChoices.get(key) : undefined;
      if (known !== undefined) return known;
      const chosen = this.decide(l, options, fallback, by);
      if (once) this.onceChoices.set(key, chosen);
      return chosen;
    },
  };
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
