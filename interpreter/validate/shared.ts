/**
 * What several checks of one ruleset compute alike (the list of its expressions, the tree of its
 * nodes) is computed once while `checkRuleset` runs, and forgotten when it returns: a check
 * called on its own, or on a ruleset changed since, computes afresh.
 */
let current: { rs: object; memo: Map<object, unknown> } | null = null;

/** `make()`, or what it made before for `rs` during the same `withShared(rs, …)`. */
export function shared<T>(rs: object, what: object, make: () => T): T {
  if (current === null || current.rs !== rs) return make();
  if (current.memo.has(what)) return current.memo.get(what) as T;
  const value = make();
  current.memo.set(what, value);
  return value;
}

/** Run `f` with the computations of `shared(rs, …)` kept until it returns. */
export function withShared<T>(rs: object, f: () => T): T {
  const outer = current;
  current = { rs, memo: new Map() };
  try {
    return f();
  } finally {
    current = outer;
  }
}
