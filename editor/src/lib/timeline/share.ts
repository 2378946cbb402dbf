/**
 * Keep what did not change between two timelines (issue 9: edit → timeline within 50 ms). A run
 * after an edit is mostly the run before it; `reuseEqual(prev, next)` returns `next` with every
 * part equal to the same part of `prev` replaced by `prev`'s object, so that Svelte, which
 * compares by identity, leaves those parts of the page alone and redraws only what changed.
 *
 * Event numbers (`seq`) are not compared: one event more early in a run renumbers all later
 * ones, which would make every later part look new. A part kept from `prev` keeps its old
 * numbers, which is harmless as long as numbers from two runs are never compared with each
 * other: they are within a part kept whole, and the one place that sorts by them, an act's
 * details and reactions (actEntries), is protected: an act that changed keeps only the parts
 * that are equal with their numbers. The live timeline renders no number (its lists are keyed
 * by place or by act key, its element ids by component).
 */
const SEQ = 'seq';

const isPlain = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype;

/** An act (ActNode): its details and reactions are ordered by seq. */
const isAct = (x: Record<string, unknown>) => Array.isArray(x.details) && Array.isArray(x.reactions);

export function reuseEqual<T>(prev: unknown, next: T): T {
  return reuse(prev, next, true);
}

/** `loose`: seq may differ. */
function reuse<T>(prev: unknown, next: T, loose: boolean): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next;
    let same = prev.length === next.length;
    const out = next.map((x: unknown, i) => {
      const r = reuse(prev[i], x, loose);
      if (r !== prev[i]) same = false;
      return r;
    });
    return (same ? prev : out) as T;
  }
  if (!isPlain(next) || !isPlain(prev)) return next;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(prev).length;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (!(k in prev)) same = false;
    if (k === SEQ && loose && typeof prev[k] === typeof next[k]) {
      out[k] = next[k];
      continue;
    }
    const r = reuse(prev[k], next[k], loose);
    if (r !== prev[k]) same = false;
    out[k] = r;
  }
  if (same) return prev as T;
  // A changed act: keep only the parts equal with their numbers (see above).
  return (loose && isAct(next) ? reuse(prev, next, false) : out) as T;
}
