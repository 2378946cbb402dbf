/** The action economy: slots spent by acts and reactions, traded by the economy's exchanges. */
import type { CompiledRuleset } from '../compile/types.js';
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
  const exchanges = exchangesOf(this);
  if (exchanges.length === 0) return fitsWithoutExchanges(slots, uses);
  // One use whose slot is spent: planSpend succeeds when an exchange gains it and can be paid (no copy needed to ask).
  if (uses.length === 1) return exchangeFor(exchanges, slots, uses[0]!) !== undefined;
  return this.planSpend(slots, uses) !== null;
}

/** planSpend's answer when the economy has no exchanges, without the copy: each use finds its slot above 0. */
function fitsWithoutExchanges(slots: Record<string, number>, uses: string[]): boolean {
  for (let i = 0; i < uses.length; i++) {
    const u = uses[i]!;
    let left = slots[u] ?? 0;
    for (let j = 0; j < i; j++) if (uses[j] === u) left = left - 1;
    if (left <= 0) return false;
  }
  return true;
}

function spend(this: Engine, c: Cmb, uses: string[]): void {
  const slots = c.slots;
  // Every use finds its slot above 0 (the usual act): planSpend's answer is each one lower, made in
  // place (nothing keeps the slots object: declarations copy it, the rest changes it in place).
  if (fitsWithoutExchanges(slots, uses)) {
    for (let i = 0; i < uses.length; i++) slots[uses[i]!] = slots[uses[i]!]! - 1;
    return;
  }
  // Without exchanges planSpend finds it cannot be spent: nothing changes.
  if (exchangesOf(this).length === 0) return;
  const after = this.planSpend(slots, uses);
  if (after) c.slots = after;
}

/**
 * Plan `uses` into `budget` (a declaration's slots not yet planned), in place: spent with
 * exchanges where they allow it, else each slot one lower (below 0: the act will find it missing).
 */
function planInto(this: Engine, budget: Record<string, number>, uses: string[]): void {
  // Without exchanges both ways are the same subtraction, made without a copy.
  if (exchangesOf(this).length > 0) {
    const after = this.planSpend(budget, uses);
    if (after) {
      Object.assign(budget, after);
      return;
    }
  }
  for (const s of uses) budget[s] = (budget[s] ?? 0) - 1;
}

/** The economy's exchanges with their spent slots as entries, once per compiled ruleset. */
export interface Exchange {
  spend: Array<[string, number]>;
  gain: Record<string, number>;
  gains: Array<[string, number]>;
}
const EXCHANGES = new WeakMap<CompiledRuleset, Exchange[]>();
/** The engine's ruleset's exchanges: looked up once per combat, then kept on the engine. */
function exchangesOf(eng: Engine): Exchange[] {
  return (eng.exchanges ??= exchangesOfRuleset(eng.rs));
}
function exchangesOfRuleset(rs: CompiledRuleset): Exchange[] {
  let list = EXCHANGES.get(rs);
  if (!list) {
    list = (rs.def.economy.exchanges ?? []).map((x) => ({ spend: Object.entries(x.spend), gain: x.gain, gains: Object.entries(x.gain) }));
    EXCHANGES.set(rs, list);
  }
  return list;
}

/** The slots left after spending `uses` (with exchanges), or null when they cannot be spent. */
function planSpend(this: Engine, slots: Record<string, number>, uses: string[]): Record<string, number> | null {
  const s = { ...slots };
  const exchanges = exchangesOf(this);
  for (let i = 0; i < uses.length; i++) {
    const u = uses[i]!;
    if ((s[u] ?? 0) <= 0) {
      const ex = exchangeFor(exchanges, s, u);
      if (!ex) return null;
      for (const [k, n] of ex.spend) s[k] = (s[k] ?? 0) - n;
      for (const [k, n] of ex.gains) s[k] = (s[k] ?? 0) + n;
    }
    s[u] = (s[u] ?? 0) - 1;
  }
  return s;
}

/** The first exchange that gains `u` and whose spent slots `s` can pay, or undefined. */
function exchangeFor(exchanges: Exchange[], s: Record<string, number>, u: string): Exchange | undefined {
  outer: for (let i = 0; i < exchanges.length; i++) {
    const x = exchanges[i]!;
    if ((x.gain[u] ?? 0) <= 0) continue;
    for (let j = 0; j < x.spend.length; j++) {
      const [k, n] = x.spend[j]!;
      if ((s[k] ?? 0) < n) continue outer;
    }
    return x;
  }
  return undefined;
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

export const economyMethods = { canSpend, canPlan, spend, planSpend, planInto, countAct };
