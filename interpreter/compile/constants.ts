/** Absent optional expressions compile to constants; the engine then skips building their data. */
import { truthy, type Fn } from './evaluator.js';

/** Functions standing for an absent expression (`() => fallback`), with their value. */
const CONSTANTS = new WeakMap<Fn, { value: unknown }>();

/**
 * `{value}` when `fn` stands for an absent, optional expression (it returns `value` and does
 * nothing else), else undefined.
 */
export function constantOf(fn: Fn): { value: unknown } | undefined {
  return CONSTANTS.get(fn);
}

export function constant(value: unknown): Fn {
  const fn: Fn = () => value;
  CONSTANTS.set(fn, { value });
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
