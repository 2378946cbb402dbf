/**
 * Compiling orderings: a document's ordering (a preset's name, a ruleset's named ordering or an
 * inline one) becomes sort-key functions and a tie-break. The keys themselves are registered in
 * concepts/sort-keys, the tie-breaks in concepts/tie-breaks.
 */
import type { Ordering, OrderingRef, OrderKey, Ruleset, TieBreak } from '../model/types.js';
import type { Orderable, OrderEnv } from '../concepts/ordering.js';
import { ORDER_KEYS, ORDER_PRESETS } from '../concepts/sort-keys/index.js';
import { mayRoll } from './may-roll.js';

export type CompiledKey = (item: Orderable, env: OrderEnv) => number;

export interface CompiledOrdering {
  keys: CompiledKey[];
  ties: TieBreak;
  /**
   * Every key is a built-in one (no stat, no expression): computing a key has no effect (it
   * rolls nothing, reads no derived value), so a single item may skip the ordering.
   */
  builtinKeys?: boolean;
  /**
   * No key after the first can roll (compile/may-roll.ts): those keys may be computed only for
   * the items tied on the first, in any order, without changing a roll (run/ordering.ts).
   */
  pureTail?: boolean;
}

export function resolveOrderingRef(ref: OrderingRef | undefined, named: Record<string, Ordering> | undefined): Ordering | null {
  if (ref === undefined) return ORDER_PRESETS.simultaneous!;
  if (typeof ref !== 'string') return ref;
  return named?.[ref] ?? ORDER_PRESETS[ref] ?? null;
}

/** Whether computing `key` can roll dice: an expression that can, or a stat that is a derived value that can (a built-in key reads stored values). */
export function keyMayRoll(key: OrderKey, def: Ruleset): boolean {
  if (typeof key === 'string' || 'preset' in key) return false;
  return 'stat' in key ? mayRoll({ var: `actor.${key.stat}` }, def) : mayRoll(key.expr, def);
}

export function compileKey(key: OrderKey, compileExpr: (expr: unknown) => (d: Record<string, unknown>) => unknown): CompiledKey | string {
  if (typeof key === 'string') return ORDER_KEYS[key]?.value ?? `unknown sort key "${key}"`;
  if ('preset' in key) return ORDER_KEYS[key.preset]?.value ?? `unknown sort key "${key.preset}"`;
  const sign = key.dir === 'asc' ? 1 : -1;
  if ('stat' in key) {
    const stat = key.stat;
    return (it) => sign * toNumber((it.data().actor as Record<string, unknown> | undefined)?.[stat]);
  }
  const fn = compileExpr(key.expr);
  return (it) => sign * toNumber(fn(it.data()));
}

const toNumber = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number.NaN;
  return Number.isNaN(n) ? 0 : n;
};
