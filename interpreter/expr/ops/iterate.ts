/**
 * Array iteration: map, filter, reduce, all, none, some. The first argument is evaluated with
 * the current data; the second runs once per element with the element as data (reduce: with
 * {current, accumulator}). A non-array gives [] (map, filter), the initial value (reduce),
 * false (all, some) or true (none). `all` of an empty array is false. Extra arguments are never
 * evaluated. Each element costs one step; arrays longer than MAX_ITERATION_LENGTH throw.
 */
import {
  MAX_ITERATION_LENGTH,
  argOrUndefined,
  stepBudgetError,
  truthy,
  type CompiledExpr,
  type EvalContext,
  type OpDefinition,
  type OpSite,
} from './core.js';

function checkLength(items: unknown[], site: OpSite): void {
  if (items.length > MAX_ITERATION_LENGTH) {
    throw site.budget('iteration', `"${site.op}" over ${items.length} elements (at most ${MAX_ITERATION_LENGTH} allowed)`);
  }
}

type Iterate = (items: unknown[], logic: CompiledExpr, c: EvalContext, site: OpSite) => unknown;

function iterateOp(name: string, notArray: () => unknown, body: Iterate): OpDefinition {
  return {
    name,
    scopedArgs: [1],
    compile(args, site) {
      const source = argOrUndefined(args, 0);
      const logic = argOrUndefined(args, 1);
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const items = source(d, c);
        if (!Array.isArray(items)) return notArray();
        checkLength(items, site);
        // Outer variables (EvalContext.outerNames) stay readable in the body: remember the data outside the outermost loop.
        if (c.outerNames === undefined || c.outer !== undefined) return body(items, logic, c, site);
        c.outer = d;
        try {
          return body(items, logic, c, site);
        } finally {
          c.outer = undefined;
        }
      };
    },
  };
}

export const mapOp = iterateOp(
  'map',
  () => [],
  (items, logic, c, site) => {
    const out = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      out[i] = logic(items[i], c);
    }
    return out;
  },
);

export const filterOp = iterateOp(
  'filter',
  () => [],
  (items, logic, c, site) => {
    const out: unknown[] = [];
    for (let i = 0; i < items.length; i++) {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const item = items[i];
      if (truthy(logic(item, c))) out.push(item);
    }
    return out;
  },
);

export const allOp = iterateOp(
  'all',
  () => false,
  (items, logic, c, site) => {
    if (items.length === 0) return false;
    for (let i = 0; i < items.length; i++) {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      if (!truthy(logic(items[i], c))) return false;
    }
    return true;
  },
);

export const noneOp = iterateOp(
  'none',
  () => true,
  (items, logic, c, site) => {
    for (let i = 0; i < items.length; i++) {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      if (truthy(logic(items[i], c))) return false;
    }
    return true;
  },
);

export const someOp = iterateOp(
  'some',
  () => false,
  (items, logic, c, site) => {
    for (let i = 0; i < items.length; i++) {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      if (truthy(logic(items[i], c))) return true;
    }
    return false;
  },
);

/** reduce [array, logic, initial]: initial defaults to null; the logic sees {current, accumulator}. */
export const reduceOp: OpDefinition = {
  name: 'reduce',
  scopedArgs: [1],
  compile(args, site) {
    const source = argOrUndefined(args, 0);
    const logic = argOrUndefined(args, 1);
    const initial: CompiledExpr | undefined = args[2];
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const items = source(d, c);
      let acc: unknown = initial === undefined ? null : initial(d, c);
      if (!Array.isArray(items)) return acc;
      checkLength(items, site);
      const own = c.outerNames !== undefined && c.outer === undefined;
      if (own) c.outer = d;
      try {
        for (let i = 0; i < items.length; i++) {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          acc = logic({ current: items[i], accumulator: acc }, c);
        }
      } finally {
        if (own) c.outer = undefined;
      }
      return acc;
    };
  },
};
