/** Absent optional expressions compile to constants; the engine then skips building their data. */
import { truthy, type Fn } from './evaluator.js';

/**
 * The value a function standing for an absent expression (`() => fallback`) carries, under a
 * key of its own. The engine asks on every step and act whether an expression is such a
 * constant: a property load on the function is a few instructions, where a WeakMap's lookup
 * (this was one) was a builtin call hashing the function each time.
 */
const CONSTANT: unique symbol = Symbol('constant');
type ConstantFn = Fn & { [CONSTANT]?: { readonly value: unknown } };

/**
 * `{value}` when `fn` stands for an absent, optional expression (it returns `value` and does
 * nothing else), else undefined.
 */
export function constantOf(fn: Fn): { value: unknown } | undefined {
  return (fn as ConstantFn)[CONSTANT];
}

export function constant(value: unknown): Fn {
  const fn: ConstantFn = () => value;
  fn[CONSTANT] = { value };
  return fn;
}

/** `fn` is an absent optional expression whose value is truthy: no need to build its data. */
export function alwaysTrue(fn: Fn): boolean {
  const k = constantOf(fn);
  return k !== undefined && truthy(k.value);
}

/** `fn` is an absent optional expression whose value is falsy. */
export function alwaysFalse(fn: Fn): boolean {
  const k = constantOf(fn);
  return k !== undefined && !truthy(k.value);
}
