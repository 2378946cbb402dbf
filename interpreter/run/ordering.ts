/**
 * Ordering: sort keys compared in turn, then a tie-break (concepts/tie-breaks). Simultaneous
 * actors come out as ONE group, never in an arbitrary order.
 */
import type { CompiledKey, CompiledOrdering } from '../compile/ordering.js';
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
  const out: T[][] = [];
  grouped(items, ordering, env, out);
  return out;
}

/**
 * The first group of orderIntoGroups(items, ordering, env), with the same effects: every key is
 * computed and every later tie is broken as there (a tie-break may roll or ask, and that is in
 * the trace), but the later groups of one are not made. Who plays next, when the rest is
 * ordered again after this group.
 */
export function firstGroup<T extends Orderable>(items: T[], ordering: CompiledOrdering, env: OrderEnv): T[] {
  if (items.length === 1 && ordering.builtinKeys) return items;
  return grouped(items, ordering, env, null)!;
}

/** The groups in order into `out`, or (`out` null) only the first, made, the later ties broken all the same; returns the first group. */
function grouped<T extends Orderable>(items: T[], ordering: CompiledOrdering, env: OrderEnv, out: T[][] | null): T[] | undefined {
  const n = items.length;
  if (n === 0) return undefined;
  // One item and keys without effects: nothing to compute, nothing to break.
  if (n === 1 && ordering.builtinKeys) {
    const only = [items[0]!];
    out?.push(only);
    return only;
  }
  const keys = ordering.keys;
  // One item and no key after the first can roll: the first is computed (it may roll), the later
  // ones would be compared with nothing (as sortByFirstKey never computes those of an item tied with none).
  if (n === 1 && ordering.pureTail) {
    keys[0]!(items[0]!, env);
    const only = [items[0]!];
    out?.push(only);
    return only;
  }
  const nk = keys.length;
  // The key vectors and the order: the scratch pair when free (taken for this call, put back at
  // its end; a sort started meanwhile, or after a throw, makes its own). Every slot of v that
  // this call may read starts as NaN, as the holes of a new array read (undefined - x is NaN).
  let v = freeKeys;
  let order = freeOrder;
  freeKeys = null;
  freeOrder = null;
  if (v === null || order === null) {
    v = [];
    order = [];
  }
  for (let i = 0; i < n * nk; i++) v[i] = NaN;
  if (ordering.pureTail && n > 1) sortByFirstKey(items, keys, env, v, order);
  else {
    let nan = false;
    for (let i = 0; i < n; i++) {
      const it = items[i]!;
      for (let k = 0; k < nk; k++) {
        const x = keys[k]!(it, env);
        if (x !== x) nan = true;
        v[i * nk + k] = x;
      }
      order[i] = i;
    }
    if (n > 1) sortRange(order, 0, n, v, nk, nk, items, nan);
  }
  let head: T[] | undefined;
  let start = 0;
  while (start < n) {
    const first = order[start]!;
    let end = start + 1;
    while (end < n && compareAt(v, nk, first, order[end]!) === 0) end++;
    // A later group of one, when only the first is wanted: nothing to make, nothing to break.
    if (out === null && head !== undefined && end - start === 1) {
      start = end;
      continue;
    }
    const group: T[] = new Array<T>(end - start);
    for (let j = start; j < end; j++) group[j - start] = items[order[j]!]!;
    // A group of one, or a tie the ordering leaves simultaneous (that tie-break gives the group back as it is).
    if (group.length === 1 || ordering.ties === 'simultaneous') {
      out?.push(group);
      head ??= group;
    } else {
      const broken = breakTie(group, ordering.ties, env);
      head ??= broken[0];
      if (out !== null) for (const g of broken) out.push(g);
    }
    start = end;
  }
  freeKeys = v;
  freeOrder = order;
  return head;
}

/** grouped's scratch key vectors and order, when no call holds them (longer than a call needs: it reads only its first n·nk and n). */
let freeKeys: number[] | null = [];
let freeOrder: number[] | null = [];

/**
 * The same order as computing every key of every item and sorting, when no key after the first
 * can roll (`pureTail`): the first key of every item, in item order (it may roll), a sort by it
 * and the listing, then the later keys only for the items tied on the first, each run of them
 * sorted again by the whole vector. The comparator is a total order (the listing breaks every
 * tie), so sorting first by the first key and then within its ties gives the full sort's order.
 * Later keys of an item not tied on the first are never read (compareAt stops at the first key).
 */
function sortByFirstKey<T extends Orderable>(items: T[], keys: CompiledKey[], env: OrderEnv, v: number[], order: number[]): void {
  const n = items.length;
  const nk = keys.length;
  const first = keys[0]!;
  let nan = false;
  for (let i = 0; i < n; i++) {
    const x = first(items[i]!, env);
    if (x !== x) nan = true;
    v[i * nk] = x;
    order[i] = i;
  }
  sortRange(order, 0, n, v, nk, 1, items, nan);
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n) {
      const d = v[order[start]! * nk]! - v[order[end]! * nk]!;
      if (d !== 0 && !Number.isNaN(d)) break;
      end++;
    }
    if (end - start > 1) {
      let tailNan = nan;
      for (let j = start; j < end; j++) {
        const i = order[j]!;
        for (let k = 1; k < nk; k++) {
          const x = keys[k]!(items[i]!, env);
          if (x !== x) tailNan = true;
          v[i * nk + k] = x;
        }
      }
      sortRange(order, start, end, v, nk, nk, items, tailNan);
    }
    start = end;
  }
}

/** Runs at most this long are sorted by insertion (no allocation); longer ones by Array.prototype.sort. */
const SHORT_RUN = 24;

/**
 * Sort order[from, to) in place by the first `kmax` keys of `v`, then the listing. Both ways are
 * stable sorts by the same comparison, which is a consistent order while no key is NaN (values
 * that differ by NaN are two equal infinities, which are equal): any stable sort then gives the
 * same order. With a NaN key the comparison is not transitive and the order depends on the
 * algorithm, so Array.prototype.sort (the one used before) does it, as before.
 */
function sortRange<T extends Orderable>(
  order: number[],
  from: number,
  to: number,
  v: number[],
  nk: number,
  kmax: number,
  items: T[],
  nan: boolean,
): void {
  if (to - from > SHORT_RUN || nan) {
    const run = from === 0 && to === order.length ? order : order.slice(from, to);
    run.sort((a, b) => compareUpTo(v, nk, kmax, a, b, items));
    if (run !== order) for (let j = 0; j < run.length; j++) order[from + j] = run[j]!;
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = order[i]!;
    let j = i - 1;
    while (j >= from && compareUpTo(v, nk, kmax, order[j]!, x, items) > 0) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = x;
  }
}

/** Items a and b compared by their first `kmax` keys (the first difference that is a number), then by the listing. */
function compareUpTo<T extends Orderable>(v: number[], nk: number, kmax: number, a: number, b: number, items: T[]): number {
  const ra = a * nk;
  const rb = b * nk;
  for (let k = 0; k < kmax; k++) {
    const d = v[ra + k]! - v[rb + k]!;
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return items[a]!.listing - items[b]!.listing;
}
