/**
 * Lists compared by id (as overlays address them), so that a reordered list reads as a move;
 * object maps by key; the fields of two objects that differ. Pure.
 */
import { q, same } from './words.js';

export interface ListDiff<T> {
  added: Array<{ item: T; after: string | null }>;
  removed: Array<{ item: T; after: string | null }>;
  moved: Array<{ item: T; after: string | null; wasAfter: string | null }>;
  common: Array<{ a: T; b: T }>;
}

/** Longest common subsequence of two id lists (the ids that kept their relative order). */
function lcs(a: string[], b: string[]): Set<string> {
  const m = a.length;
  const n = b.length;
  const t: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const out = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (a[i] === b[j]) {
      out.add(a[i]!);
      i++;
      j++;
    } else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

export function diffList<T extends { id: string }>(a: readonly T[] | undefined, b: readonly T[] | undefined): ListDiff<T> {
  const la = a ?? [];
  const lb = b ?? [];
  const ida = la.map((x) => x.id);
  const idb = lb.map((x) => x.id);
  const after = (ids: string[], id: string) => {
    const i = ids.indexOf(id);
    return i > 0 ? ids[i - 1]! : null;
  };
  const inA = new Set(ida);
  const inB = new Set(idb);
  const kept = lcs(
    ida.filter((id) => inB.has(id)),
    idb.filter((id) => inA.has(id)),
  );
  const out: ListDiff<T> = { added: [], removed: [], moved: [], common: [] };
  for (const x of la) if (!inB.has(x.id)) out.removed.push({ item: x, after: after(ida, x.id) });
  for (const x of lb) {
    if (!inA.has(x.id)) out.added.push({ item: x, after: after(idb, x.id) });
    else {
      const old = la.find((y) => y.id === x.id)!;
      out.common.push({ a: old, b: x });
      if (!kept.has(x.id)) out.moved.push({ item: x, after: after(idb, x.id), wasAfter: after(ida, x.id) });
    }
  }
  return out;
}

export const place = (after: string | null) => (after ? `after ${q(after)}` : 'first');

/** Object maps keyed by name: which keys were added, removed, changed. */
export function diffMap<T>(
  a: Record<string, T> | undefined,
  b: Record<string, T> | undefined,
): { added: string[]; removed: string[]; changed: string[] } {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  return {
    added: kb.filter((k) => !ka.includes(k)),
    removed: ka.filter((k) => !kb.includes(k)),
    changed: ka.filter((k) => kb.includes(k) && !same(a![k], b![k])),
  };
}

/** Fields of two objects that differ, ignoring prose (description, name, why). */
export function changedFields(a: object, b: object, ignore: string[] = ['description', 'name', 'why']): string[] {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])];
  return keys.filter((k) => !ignore.includes(k) && !same(ra[k], rb[k]));
}
