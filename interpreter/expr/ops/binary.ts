/**
 * Two-argument forms of the hottest operators (comparisons, arithmetic), each written as its own
 * closure. The general forms (fixedOp, variadicOp) share one closure shape between every operator
 * and call the operation through a function value, which the JavaScript engine sees called with a
 * dozen different functions and cannot inline; here each operator's closure performs its own
 * operation. A literal second argument that is a primitive (`{">": [{"var": "hp"}, 0]}`, the common
 * case) is folded in: such an argument is never an operator, so it counts no step and has no
 * effect, and the values are exactly the general forms' (the differential tests check it).
 */
import { stepBudgetError, type CompiledExpr, type OpDefinition, type OpSite } from './core.js';
import { FUSED, fuseRooted, type Fused } from './fused.js';

type N = number;
type E = CompiledExpr;

/** Closures of an operator with two arguments: both computed (`ee`), or the second a literal (`ek`). */
export interface BinaryForms {
  ee(a: E, b: E, site: OpSite): E;
  ek(a: E, k: unknown, site: OpSite): E;
  /** For comparisons: the operation fused.ts applies when the first argument is a rooted var. */
  fused?: Fused;
}

/** `base` with its two-argument evaluations done by `forms`; every other arity is `base`'s. */
export function withBinary(base: OpDefinition, forms: BinaryForms): OpDefinition {
  return {
    name: base.name,
    compile(args, site) {
      if (args.length !== 2) return base.compile(args, site);
      const k = site.constantArg(1);
      // Only primitives: an array literal is rebuilt per evaluation (its identity matters to ===).
      if (k !== undefined && k.value !== undefined && (typeof k.value !== 'object' || k.value === null)) {
        const fused = forms.fused === undefined ? undefined : fuseRooted(args[0]!, forms.fused, k.value, site);
        return fused ?? forms.ek(args[0]!, k.value, site);
      }
      return forms.ee(args[0]!, args[1]!, site);
    },
  };
}

/* eslint-disable eqeqeq */
export const GREATER: BinaryForms = {
  fused: FUSED['>'],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) > (b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) > (k as N);
  },
};

export const GREATER_EQUAL: BinaryForms = {
  fused: FUSED['>='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) >= (b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) >= (k as N);
  },
};

export const LESS: BinaryForms = {
  fused: FUSED['<'],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) < (b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) < (k as N);
  },
};

export const LESS_EQUAL: BinaryForms = {
  fused: FUSED['<='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) <= (b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) <= (k as N);
  },
};

export const LOOSE_EQUAL: BinaryForms = {
  fused: FUSED['=='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) == b(d, c);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) == k;
  },
};

export const STRICT_EQUAL: BinaryForms = {
  fused: FUSED['==='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) === b(d, c);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) === k;
  },
};

export const LOOSE_NOT_EQUAL: BinaryForms = {
  fused: FUSED['!='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) != b(d, c);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) != k;
  },
};

export const STRICT_NOT_EQUAL: BinaryForms = {
  fused: FUSED['!=='],
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) !== b(d, c);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return a(d, c) !== k;
  },
};

/** parseFloat as json-logic-js applies it (arithmetic.ts's `pf`, repeated here to be inlined). */
function pf(x: unknown): number {
  return typeof x === 'number' ? x + 0 : parseFloat(x as string);
}

export const PLUS: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c);
    const y = b(d, c);
    return 0 + pf(x) + pf(y);
  },
  ek: (a, k, site) => {
    const pk = pf(k);
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return 0 + pf(a(d, c)) + pk;
    };
  },
};

export const TIMES: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c);
    const y = b(d, c);
    return pf(x) * pf(y);
  },
  ek: (a, k, site) => {
    const pk = pf(k);
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return pf(a(d, c)) * pk;
    };
  },
};

/** `-` with a second value that is undefined negates the first (json-logic-js). */
export const MINUS: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c) as N;
    const y = b(d, c) as N | undefined;
    return y === undefined ? -x : x - y;
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) - (k as N);
  },
};

export const DIVIDE: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c) as N;
    return x / (b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return (a(d, c) as N) / (k as N);
  },
};

export const MIN: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c) as N;
    return Math.min(x, b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return Math.min(a(d, c) as N, k as N);
  },
};

export const MAX: BinaryForms = {
  ee: (a, b, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    const x = a(d, c) as N;
    return Math.max(x, b(d, c) as N);
  },
  ek: (a, k, site) => (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    return Math.max(a(d, c) as N, k as N);
  },
};
