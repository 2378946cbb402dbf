/** The action economy: slots spent by acts and reactions, traded by the economy's exchanges. */
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';
import { DEFAULT_LIMITS } from './types.js';

/** Whether these slots can be spent, trading slots by the economy's exchanges where needed. */
function canSpend(this: Engine, c: Cmb, uses: string[]): boolean {
  return this.canPlan(c.slots, uses);
}

/** Whether planSpend would succeed; without copying the slots when no exchange is needed. */
function canPlan(this: Engine, slots: Record<string, number>, uses: string[]): boolean {
  if (uses.length === 0) return true;
  if (uses.length === 1) {
    if ((slots[uses[0]!] ?? 0) > 0) return true;
  } else if (uses.length === 2 && uses[0] !== uses[1] && (slots[uses[0]!] ?? 0) > 0 && (slots[uses[1]!] ?? 0) > 0) return true;
  return this.planSpend(slots, uses) !== null;
}

function spend(this: Engine, c: Cmb, uses: string[]): void {
  const after = this.planSpend(c.slots, uses);
  if (after) c.slots = after;
}

/** The slots left after spending `uses` (with exchanges), or null when they cannot be spent. */
function planSpend(this: Engine, slots: Record<string, number>, uses: string[]): Record<string, number> | null {
  const s = { ...slots };
  const exchanges = this.rs.def.economy.exchanges ?? [];
  for (const u of uses) {
    if ((s[u] ?? 0) <= 0) {
      const ex = exchanges.find((x) => (x.gain[u] ?? 0) > 0 && Object.entries(x.spend).every(([k, n]) => (s[k] ?? 0) >= n));
      if (!ex) return null;
      for (const [k, n] of Object.entries(ex.spend)) s[k] = (s[k] ?? 0) - n;
      for (const [k, n] of Object.entries(ex.gain)) s[k] = (s[k] ?? 0) + n;
    }
    s[u] = (s[u] ?? 0) - 1;
  }
  return s;
}

/** One more act this round; a round that never ends is stopped (limits.actsPerRound). */
function countAct(this: Engine): void {
  const max = this.rs.limits.actsPerRound ?? DEFAULT_LIMITS.actsPerRound;
  if (++this.actsThisRound > max) {
    throw this.rs.evaluator.at(
      '/round',
      `round ${this.round} did not end after ${max} acts: the rules never let it end (limits.actsPerRound)`,
    );
  }
}

export const economyMethods = { canSpend, canPlan, spend, planSpend, countAct };
