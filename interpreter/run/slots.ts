/**
 * Slot allowances: how many of each slot a combatant has when its slots come back. A slot's count
 * is the economy's number, or its expression (economy.counts, over actor: "stunned: 2 fewer
 * actions"); a slot comes back at round start, or at the start of its owner's turn
 * (economy.refresh: a reaction that returns when its owner's turn begins).
 */
import { num } from '../compile/evaluator.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/** The slots a combatant gets when they refresh: the economy's numbers, or their expressions. */
function slotAllowance(this: Engine, c: Cmb): Record<string, number> {
  const slots = { ...this.rs.def.economy.slots };
  if (this.rs.slotCounts.length) {
    const data = this.actorProbe(c.view);
    for (const [slot, count] of this.rs.slotCounts) slots[slot] = Math.max(0, Math.floor(num(count(data))));
  }
  return slots;
}

/** Round start: the slots of the round; own-turn slots keep what is left of them (after their first grant). */
function roundSlots(this: Engine, c: Cmb): Record<string, number> {
  if (this.round === 0 && this.rs.surprise) return { ...this.rs.surprise.slots };
  if (!this.rs.slotCounts.length && !this.rs.ownTurnSlots.length) return { ...this.rs.def.economy.slots };
  const slots = this.slotAllowance(c);
  for (const slot of this.rs.ownTurnSlots) if (slot in c.slots) slots[slot] = c.slots[slot]!;
  return slots;
}

/** A turn begins: its members' own-turn slots come back. */
function refreshOwnTurnSlots(this: Engine, members: Iterable<Cmb>): void {
  if (!this.rs.ownTurnSlots.length) return;
  for (const c of members) {
    const allowance = this.slotAllowance(c);
    for (const slot of this.rs.ownTurnSlots) c.slots[slot] = allowance[slot] ?? 0;
  }
}

export const slotMethods = { slotAllowance, roundSlots, refreshOwnTurnSlots };
