/**
 * Ordering: sort keys compared in turn, then a tie-break (concepts/tie-breaks). Simultaneous
 * actors come out as ONE group, never in an arbitrary order.
 */
import type { CompiledOrdering } from '../compile/ordering.js';
import type { Orderable, OrderEnv } from '../concepts/ordering.js';
import { breakTie } from '../concepts/tie-breaks/index.js';

export type { Orderable, OrderEnv, KeyDef } from '../concepts/ordering.js';
export type { CompiledKey, CompiledOrdering } from '../compile/ordering.js';
export { compileKey, resolveOrderingRef } from '../compile/ordering.js';
export { ORDER_KEYS, ORDER_PRESETS } from '../concepts/sort-keys/index.js';

function compareVectors(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}

/**
 * Order items into groups. Items in one group are simultaneous. The result is deterministic:
 * equal items keep listing order inside their group.
 */
export function orderIntoGroups<T extends Orderable>(items: T[], ordering: CompiledOrdering, env: OrderEnv): T[][] {
  if (items.length === 0) return [];
  // One item and keys without effects: nothing to compute, nothing to break.
  if (items.length === 1 && ordering.builtinKeys) return [[items[0]!]];
  // Each item with its sort vector, computed item by item, key by key (an expression key may roll).
  const keys = ordering.keys;
  const rows: Array<{ it: T; v: number[] }> = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const v = new Array<number>(keys.length);
    for (let k = 0; k < keys.length; k++) v[k] = keys[k]!(it, env);
    rows[i] = { it, v };
  }
  // Sorting the rows with the comparator of the items gives the items' order exactly.
  rows.sort((a, b) => compareVectors(a.v, b.v) || a.it.listing - b.it.listing);
  const groups: Array<{ first: number[]; items: T[] }> = [];
  for (const r of rows) {
    const last = groups[groups.length - 1];
    if (last && compareVectors(last.first, r.v) === 0) last.items.push(r.it);
    else groups.push({ first: r.v, items: [r.it] });
  }
  const out: T[][] = [];
  for (const g of groups) {
    if (g.items.length === 1) out.push(g.items);
    else out.push(...breakTie(g.items, ordering.ties, env));
  }
  return out;
}
