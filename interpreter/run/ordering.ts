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

/** Items a and b's key vectors (rows of `v`, `nk` keys each) compared: the first difference that is a number. */
function compareAt(v: number[], nk: number, a: number, b: number): number {
  const ra = a * nk;
  const rb = b * nk;
  for (let k = 0; k < nk; k++) {
    const d = v[ra + k]! - v[rb + k]!;
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}

/**
 * Order items into groups. Items in one group are simultaneous. The result is deterministic:
 * equal items keep listing order inside their group.
 *
 * The keys are computed item by item, key by key (an expression key may roll), into one flat
 * array; the sort moves item indices with one comparator made per call. It compares exactly as
 * comparing the items' key vectors then their listing would (the same answers to the same
 * questions, so the same order from the same stable sort).
 */
export function orderIntoGroups<T extends Orderable>(items: T[], ordering: CompiledOrdering, env: OrderEnv): T[][] {
  const n = items.length;
  if (n === 0) return [];
  // One item and keys without effects: nothing to compute, nothing to break.
  if (n === 1 && ordering.builtinKeys) return [[items[0]!]];
  const keys = ordering.keys;
  const nk = keys.length;
  const v: number[] = new Array<number>(n * nk);
  const order: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    for (let k = 0; k < nk; k++) v[i * nk + k] = keys[k]!(it, env);
    order[i] = i;
  }
  if (n > 1) order.sort((a, b) => compareAt(v, nk, a, b) || items[a]!.listing - items[b]!.listing);
  const out: T[][] = [];
  let start = 0;
  while (start < n) {
    const first = order[start]!;
    let end = start + 1;
    while (end < n && compareAt(v, nk, first, order[end]!) === 0) end++;
    const group: T[] = new Array<T>(end - start);
    for (let j = start; j < end; j++) group[j - start] = items[order[j]!]!;
    if (group.length === 1) out.push(group);
    else for (const g of breakTie(group, ordering.ties, env)) out.push(g);
    start = end;
  }
  return out;
}
