/**
 * An operator and its rooted `var` operand in one closure: `{">": [{"var": "actor.hp"}, 0]}`,
 * `{"in": ["ranged", {"var": "actor.tags"}]}`, `{"!": {"var": "actor.done"}}`, the commonest
 * shapes of a ruleset's conditions.
 *
 * Written as two closures, the operator's calls the var's through a call site every such
 * operator shares, which sees every var closure and cannot be inlined. Here one closure per first
 * name does both: the operator's step and budget check, then the var's (at the var's site), the
 * same read as var-roots.ts's closures (the first name a named load, the second through its
 * reader, the outer lookup inside a loop body), then the operation. Same steps, same order, same
 * errors and values as the two closures; the other operand is a literal primitive (never an
 * operator: it counts no step). No generated code: the closures are written out below.
 */
import { inFn, stepBudgetError, truthy, type CompiledExpr, type OpSite } from './core.js';
import { readerOf } from './readers.js';
import { rootedRead, second, type Roots } from './var-roots.js';

/**
 * The operation applied to the var's value (numbers, not an enum, so that the switch below
 * compares literals): `in` takes the literal as the needle and the var as the haystack.
 */
export const FUSED = {
  '>': 0,
  '>=': 1,
  '<': 2,
  '<=': 3,
  '==': 4,
  '===': 5,
  '!=': 6,
  '!==': 7,
  in: 8,
  '!': 9,
  '!!': 10,
} as const;
export type Fused = (typeof FUSED)[keyof typeof FUSED];

type N = number;

/* eslint-disable eqeqeq */
function apply(kind: Fused, r: unknown, k: unknown): unknown {
  switch (kind) {
    case 0: // >
      return (r as N) > (k as N);
    case 1: // >=
      return (r as N) >= (k as N);
    case 2: // <
      return (r as N) < (k as N);
    case 3: // <=
      return (r as N) <= (k as N);
    case 4: // ==
      return r == k;
    case 5: // ===
      return r === k;
    case 6: // !=
      return r != k;
    case 7: // !==
      return r !== k;
    case 8: // in
      return inFn(k, r);
    case 9: // !
      return !truthy(r);
    default:
      return truthy(r);
  }
}
/* eslint-enable eqeqeq */

/**
 * One closure for operator `kind` (at `site`) over `operand` and the literal `k`, when `operand`
 * is one of var-roots.ts's rooted reads; else undefined (the caller keeps its two closures).
 */
export function fuseRooted(operand: CompiledExpr, kind: Fused, k: unknown, site: OpSite): CompiledExpr | undefined {
  const rr = rootedRead(operand);
  if (rr === undefined) return undefined;
  const { segments, tests, nf, outer } = rr;
  const vs = rr.site;
  const s0 = segments[0]!;
  if (segments.length === 1) {
    switch (s0) {
      case 'distance':
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
          let r = nf;
          if (d !== null && d !== undefined) {
            const v = (d as Roots).distance;
            if (v !== undefined) r = v;
          }
          return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
        };
      case 'round':
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
          let r = nf;
          if (d !== null && d !== undefined) {
            const v = (d as Roots).round;
            if (v !== undefined) r = v;
          }
          return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
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
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
        const r = d === null || d === undefined ? nf : second((d as Roots).actor, s1, t1, nf, read);
        return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
      };
    case 'target':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
        const r = d === null || d === undefined ? nf : second((d as Roots).target, s1, t1, nf, read);
        return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
      };
    case 'local':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
        const r = d === null || d === undefined ? nf : second((d as Roots).local, s1, t1, nf, read);
        return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
      };
    case 'reactor':
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, vs);
        const r = d === null || d === undefined ? nf : second((d as Roots).reactor, s1, t1, nf, read);
        return apply(kind, c.outer === undefined ? r : outer(d, c, r, segments, tests, nf), k);
      };
    default:
      return undefined;
  }
}
