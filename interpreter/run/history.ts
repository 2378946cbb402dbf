/**
 * Turn history, as expressions read it: `lastActor` (who acted last, across rounds), and on
 * every combatant `acted` (had its turn or acted this round), `actsThisTurn` and `usedThisTurn`
 * (by action tag: acts of the current turn before this one).
 */
import type { CAction, CompiledRuleset } from '../compile/types.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/** Every tag of the ruleset's actions at 0, made once per compiled ruleset (and never changed: it is copied). */
const NO_USES = new WeakMap<CompiledRuleset, Record<string, number>>();
function noUsesTemplate(rs: CompiledRuleset): Record<string, number> {
  let none = NO_USES.get(rs);
  if (!none) {
    none = {};
    for (const t of new Set([...rs.actions.values()].flatMap((a) => a.view.tags))) none[t] = 0;
    NO_USES.set(rs, none);
  }
  return none;
}

/** No use of any tag yet: every action tag at 0, so arithmetic on a count never meets null (a copy of the template, one allocation). */
function noUses(rs: CompiledRuleset): Record<string, number> {
  return { ...noUsesTemplate(rs) };
}

/** The fields of a fresh combatant view (setup, a combatant joining). */
function initHistory(view: Record<string, unknown>, rs: CompiledRuleset): void {
  view.acted = false;
  view.actsThisTurn = 0;
  view.usedThisTurn = noUses(rs);
}

/** A new round: nobody has acted in it yet. */
function historyRoundStart(this: Engine): void {
  for (const c of this.cmbs) initHistory(c.view, this.rs);
}

/** A turn begins for these combatants: their turn's counts start again. */
function historyTurnStart(this: Engine, members: Iterable<Cmb>): void {
  for (const c of members) {
    c.view.acted = true;
    c.view.actsThisTurn = 0;
    c.view.usedThisTurn = noUses(this.rs);
  }
}

/** An act was played (after its effects): count it, and its actor is the last to have acted. */
function recordAct(this: Engine, c: Cmb, action: CAction): void {
  this.lastActor = c;
  c.view.acted = true;
  c.view.actsThisTurn = (c.view.actsThisTurn as number) + 1;
  const used = c.view.usedThisTurn as Record<string, number>;
  for (const tag of action.view.tags) used[tag] = (used[tag] ?? 0) + 1;
}

export const historyMethods = { historyRoundStart, historyTurnStart, recordAct };
export { initHistory };
