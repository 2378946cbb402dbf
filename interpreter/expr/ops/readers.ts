/**
 * Property reads of literal `var` names, one function literal per name.
 *
 * Every closure made from one function literal shares that literal's type feedback. A literal
 * path's read `v[name]` written once in a shared closure serves every path's names: its keyed
 * load sees dozens of names over dozens of object layouts, goes megamorphic, and V8's lookup for
 * it mostly misses its global cache (the CPU profile of a record-only combat put 7 % of the whole
 * run on the one line reading a path's second name). The literals below are alike but each is a
 * function of its own with its own feedback; a name takes one of them for good, so each load
 * sees one name and the few layouts that carry it, and stays a direct one. Names beyond the list
 * share GENERIC (the shared load, as before). Same property read, same value; no generated code.
 *
 * 128: one ruleset reads fewer than 60 distinct names; a process running two or three keeps
 * its names apart.
 */

/** Reads property `k` of `v`. */
export type Reader = (v: Record<string, unknown>, k: string) => unknown;

const READERS: readonly Reader[] = [
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
  (v, k) => v[k],
];

const GENERIC: Reader = (v, k) => v[k];

const readerByName = new Map<string, Reader>();

/**
 * The reader of `name` (taken once per name, for the life of the process). Only the names given
 * a literal of their own are remembered: a long-lived process (the editor, a host reading packs
 * from strangers) meets ever new names, and those beyond the list cost no memory.
 */
export function readerOf(name: string): Reader {
  let r = readerByName.get(name);
  if (r === undefined) {
    if (readerByName.size >= READERS.length) return GENERIC;
    r = READERS[readerByName.size]!;
    readerByName.set(name, r);
  }
  return r;
}
