/** Control flow and booleans: if / ?:, and, or, !, !!. `if`, `and`, `or` evaluate lazily. */
import { fixedOp, stepBudgetError, truthy, type CompiledExpr, type OpDefinition, type OpSite } from './core.js';
import { FUSED, fuseRooted } from './fused.js';

/**
 * `if` pairs (cond, value) left to right; a trailing odd argument is the else; no match and no
 * else gives null. `{"if": []}` is null; `{"if": [x]}` is x.
 */
function compileIf(args: readonly CompiledExpr[], site: OpSite): CompiledExpr {
  const n = args.length;
  if (n === 0) {
    return (_d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return null;
    };
  }
  if (n === 1) {
    const only = args[0]!;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return only(d, c);
    };
  }
  if (n === 3) {
    const cond = args[0]!;
    const then = args[1]!;
    const otherwise = args[2]!;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return truthy(cond(d, c)) ? then(d, c) : otherwise(d, c);
    };
  }
  return (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    let i = 0;
    for (; i < n - 1; i += 2) {
      if (truthy(args[i]!(d, c))) return args[i + 1]!(d, c);
    }
    return n === i + 1 ? args[i]!(d, c) : null;
  };
}

export const ifOp: OpDefinition = { name: 'if', compile: compileIf };
export const ternaryOp: OpDefinition = { name: '?:', compile: compileIf };

/** `and` returns the first falsy operand, else the last; `{"and": []}` is undefined. */
export const andOp: OpDefinition = {
  name: 'and',
  compile(args, site) {
    const n = args.length;
    if (n === 2) {
      const a = args[0]!;
      const b = args[1]!;
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const x = a(d, c);
        return truthy(x) ? b(d, c) : x;
      };
    }
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      let current: unknown = undefined;
      for (let i = 0; i < n; i++) {
        current = args[i]!(d, c);
        if (!truthy(current)) return current;
      }
      return current;
    };
  },
};

/** `or` returns the first truthy operand, else the last; `{"or": []}` is undefined. */
export const orOp: OpDefinition = {
  name: 'or',
  compile(args, site) {
    const n = args.length;
    if (n === 2) {
      const a = args[0]!;
      const b = args[1]!;
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const x = a(d, c);
        return truthy(x) ? x : b(d, c);
      };
    }
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      let current: unknown = undefined;
      for (let i = 0; i < n; i++) {
        current = args[i]!(d, c);
        if (truthy(current)) return current;
      }
      return current;
    };
  },
};

const notBase = fixedOp('!', (a) => !truthy(a));
const notNotBase = fixedOp('!!', (a) => truthy(a));

/** `!` and `!!` of one argument get closures of their own (fixedOp's is shared by every operator). */
export const notOp: OpDefinition = {
  name: '!',
  compile(args, site) {
    if (args.length !== 1) return notBase.compile(args, site);
    const a = args[0]!;
    const fused = fuseRooted(a, FUSED['!'], undefined, site);
    if (fused !== undefined) return fused;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return !truthy(a(d, c));
    };
  },
};

export const notNotOp: OpDefinition = {
  name: '!!',
  compile(args, site) {
    if (args.length !== 1) return notNotBase.compile(args, site);
    const a = args[0]!;
    const fused = fuseRooted(a, FUSED['!!'], undefined, site);
    if (fused !== undefined) return fused;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return truthy(a(d, c));
    };
  },
};
