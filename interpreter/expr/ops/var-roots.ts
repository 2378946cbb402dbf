/**
 * Literal `var` paths under the commonest first names, each read by a closure of its own.
 *
 * Every closure made from one function literal shares that literal's type feedback: one keyed
 * load `d[s0]` serving every path's first name sees many names over many data layouts and goes
 * megamorphic. A closure literal per first name reads it as a named property (`d.actor`), whose
 * feedback only ever sees that name. Same value, same steps, same outer-name lookup as
 * data.ts's literalVarOrOuter (which calls this for names that need no own-property test).
 */
import { hasOwn, stepBudgetError, type CompiledExpr, type EvalContext, type OpSite } from './core.js';
import { readerOf, type Reader } from './readers.js';

/** data.ts's lookup outside a loop body (called only when c.outer is set). */
export type OuterRead = (d: unknown, c: EvalContext, v: unknown, segments: string[], tests: boolean[], nf: unknown) => unknown;

export interface Roots {
  actor?: unknown;
  target?: unknown;
  local?: unknown;
  reactor?: unknown;
  distance?: unknown;
  round?: unknown;
}

/** What a rooted read was compiled from: fused.ts folds an operator around it into one closure. */
export interface RootedRead {
  segments: string[];
  tests: boolean[];
  nf: unknown;
  /** The `var` operator's site (its step and its budget error). */
  site: OpSite;
  outer: OuterRead;
}

/** The closures rootedVar made, with what each reads (looked up at compile time only). */
const ROOTED = new WeakMap<CompiledExpr, RootedRead>();

/** What `fn` reads, when rootedVar made it. */
export function rootedRead(fn: CompiledExpr): RootedRead | undefined {
  return ROOTED.get(fn);
}

/** The second name's read, as in literalVarOrOuter (its load through the name's own reader: readers.ts). */
export function second(v: unknown, s1: string, t1: boolean, nf: unknown, read: Reader): unknown {
  if (v === null || v === undefined || (t1 && !hasOwn.call(v, s1))) return nf;
  const w = read(v as Record<string, unknown>, s1);
  return w === undefined ? nf : w;
}

/** A closure for `segments` (one or two names, the first owned-test free), or undefined when its first name has none. */
export function rootedVar(segments: string[], tests: boolean[], nf: unknown, site: OpSite, outer: OuterRead): CompiledExpr | undefined {
  const fn = rootedClosure(segments, tests, nf, site, outer);
  if (fn !== undefined) ROOTED.set(fn, { segments, tests, nf, site, outer });
  return fn;
}

function rootedClosure(segments: string[], tests: boolean[], nf: unknown, site: OpSite, outer: OuterRead): CompiledExpr | undefined {
  const s0 = segments[0]!;
  if (segments.length === 1) {
    switch (s0) {
      case 'distance':
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          let r = nf;
          if (d !== null && d !== undefined) {
            const v = (d as Roots).distance;
            if (v !== undefined) r = v;
          }
          return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
        };
      case 'round':
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          let r = nf;
          if (d !== null && d !== undefined) {
            const v = (d as Roots).round;
            if (v !== undefined) r = v;
          }
          return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
        };
      default:
        return undefined;
    }
  }
  if (segments.length !== 2) return undefined;
  const s1 = segments[1]!;
  const t1 = tests[1]!;
  const read = readerOf(s1);
  switch (s0) {
    case 'actor':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const r = d === null || d === undefined ? nf : second((d as Roots).actor, s1, t1, nf, read);
        return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
      };
    case 'target':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const r = d === null || d === undefined ? nf : second((d as Roots).target, s1, t1, nf, read);
        return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
      };
    case 'local':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const r = d === null || d === undefined ? nf : second((d as Roots).local, s1, t1, nf, read);
        return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
      };
    case 'reactor':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const r = d === null || d === undefined ? nf : second((d as Roots).reactor, s1, t1, nf, read);
        return c.outer === undefined ? r : outer(d, c, r, segments, tests, nf);
      };
    default:
      return undefined;
  }
}
