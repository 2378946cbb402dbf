/**
 * Shared pieces of the expression compiler: context and closure types, the operator definition
 * interface, errors, limits and small helpers used by every operator family.
 *
 * LIMITS (all exported; every one is checked, none is configurable by a document)
 *
 *   MAX_EXPRESSION_DEPTH = 32      Compile time. Nesting of operators and array literals (an
 *                                  operator's own argument list is not a level; nesting inside
 *                                  literal data objects is). Deeper → PhasebookError at the node.
 *   MAX_EXPRESSION_NODES = 5000    Compile time. JSON values in one expression (operators,
 *                                  arguments, literal data). More → PhasebookError.
 *   ctx.maxSteps (engine's choice; DEFAULT_MAX_STEPS suggested)
 *                                  Run time. Every operator evaluation, and every element visited
 *                                  by map/filter/reduce/all/none/some, does
 *                                  `if (++ctx.steps > ctx.maxSteps) throw new ExpressionBudgetError`.
 *                                  The compiled closure never resets ctx.steps: the engine decides
 *                                  what one budget covers (one evaluation, one round, one run).
 *   MAX_ITERATION_LENGTH = 10000   Run time. map/filter/reduce/all/none/some over a longer array
 *                                  throw ExpressionBudgetError.
 *   MAX_ARRAY_RESULT_LENGTH = 10000  Run time. `merge` producing a longer array throws (a reduce that
 *                                  merges its accumulator with itself would double it per step).
 *   MAX_STRING_RESULT_LENGTH = 100000  Run time. `cat` producing a longer string throws (same reason).
 */
import type { Dice } from '../../dice/index.js';
import { PhasebookError, type Diagnostic } from '../../diagnostics.js';

export const MAX_EXPRESSION_DEPTH = 32;
export const MAX_EXPRESSION_NODES = 5000;
export const MAX_ITERATION_LENGTH = 10_000;
export const MAX_ARRAY_RESULT_LENGTH = 10_000;
export const MAX_STRING_RESULT_LENGTH = 100_000;
/** A sensible per-evaluation step budget for engines that have no better idea. */
export const DEFAULT_MAX_STEPS = 100_000;

/** What a compiled expression needs besides its data. Mutable `steps` is the step counter. */
export interface EvalContext {
  /** Dice for `roll`; without them `roll` throws. */
  dice?: Dice;
  /** Prefix of roll labels: `{"roll": ["1d20", "attack"]}` rolls `<labelPrefix>.attack`. */
  labelPrefix?: string;
  /** Operator evaluations so far (incremented by every operator). */
  steps: number;
  /** Budget for `steps`. */
  maxSteps: number;
  /** The ruleset's named expressions, for {"expr": "name"} (ops/named.ts). */
  named?: ReadonlyMap<string, CompiledExpr>;
  /** How deep named expressions are using each other right now. */
  namedDepth?: number;
  /**
   * Names a loop body may read from the data outside the loop when its element has no such
   * field (the engine's actor, target…). Absent: loop bodies see their element only, exactly as
   * json-logic-js.
   */
  outerNames?: ReadonlySet<string>;
  /** The data outside the outermost loop being evaluated (set by the loop operators). */
  outer?: unknown;
}

export type CompiledExpr = (data: unknown, ctx: EvalContext) => unknown;

/** A fresh context with a zero step counter. */
export function createEvalContext(init: Partial<EvalContext> = {}): EvalContext {
  const ctx: EvalContext = { steps: 0, maxSteps: DEFAULT_MAX_STEPS };
  if (init.dice !== undefined) ctx.dice = init.dice;
  if (init.labelPrefix !== undefined) ctx.labelPrefix = init.labelPrefix;
  if (init.steps !== undefined) ctx.steps = init.steps;
  if (init.maxSteps !== undefined) ctx.maxSteps = init.maxSteps;
  return ctx;
}

/** An error raised while evaluating a compiled expression; its diagnostic points at the operator. */
export class ExpressionRuntimeError extends PhasebookError {
  readonly file: string;
  readonly pointer: string;
  constructor(diagnostic: Diagnostic, cause?: unknown) {
    super([diagnostic]);
    this.name = 'ExpressionRuntimeError';
    this.file = diagnostic.file;
    this.pointer = diagnostic.pointer;
    if (cause !== undefined) this.cause = cause;
  }
}

export type BudgetKind = 'steps' | 'iteration' | 'array' | 'string';

/** A runtime bound was hit: the step budget, or an over-long array/string. */
export class ExpressionBudgetError extends ExpressionRuntimeError {
  readonly kind: BudgetKind;
  constructor(diagnostic: Diagnostic, kind: BudgetKind) {
    super(diagnostic);
    this.name = 'ExpressionBudgetError';
    this.kind = kind;
  }
}

/**
 * Where an operator sits, handed to its definition at compile time. Closures capture it to
 * report runtime errors at the right place (line/col are only computed when an error happens).
 */
export interface OpSite {
  readonly op: string;
  readonly file: string;
  /** Pointer of the operator key: pointer of the object + '/' + op. */
  readonly pointer: string;
  readonly argCount: number;
  /** CompileOptions.outerNames: every name a loop body may read from outside (undefined: unknown). */
  readonly outerNames?: ReadonlySet<string> | undefined;
  /** Pointer of argument i (the operator pointer itself when the arguments were not an array). */
  argPointer(index: number): string;
  /** `{value}` when argument i is a literal known at compile time (arrays: a frozen template). */
  constantArg(index: number): { readonly value: unknown } | undefined;
  /** Reject the expression at compile time. */
  fail(message: string, pointer?: string): never;
  /** Build (not throw) a runtime error located at this operator. */
  error(message: string, cause?: unknown): ExpressionRuntimeError;
  /** Build (not throw) a budget error located at this operator. */
  budget(kind: BudgetKind, message: string): ExpressionBudgetError;
}

/**
 * An operator: a name and a compile function from compiled argument closures to the operator's
 * closure. The closure must count itself against the step budget (the helpers below do it).
 * Adding an operator = one definition + one line in ops/index.ts.
 */
export interface OpDefinition {
  readonly name: string;
  /** Arguments evaluated once per array element with the element as data (for static analysis). */
  readonly scopedArgs?: readonly number[];
  compile(args: readonly CompiledExpr[], site: OpSite): CompiledExpr;
}

/** The step-budget check every operator closure runs first. */
export function stepBudgetError(ctx: EvalContext, site: OpSite): ExpressionBudgetError {
  return site.budget('steps', `expression step budget exceeded (${ctx.maxSteps} steps) at operator "${site.op}"`);
}

/** json-logic truthiness: like JavaScript, except that an empty array is false. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length !== 0 : !!value;
}

export const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `in` [needle, haystack]: substring test when the haystack is a string (the needle is
 * converted to a string), strict-equality membership when it is an array, false otherwise.
 */
export function inFn(a: unknown, b: unknown): boolean {
  if (!b) return false;
  if (typeof b === 'string') return b.indexOf(a as string) !== -1;
  if (Array.isArray(b)) return b.indexOf(a) !== -1;
  if (typeof b === 'object' && hasOwn.call(b, 'indexOf')) {
    // json-logic-js would call the data's "indexOf" value, which is never a function in JSON.
    throw new TypeError('b.indexOf is not a function');
  }
  return false;
}

/** Path segments a `var` may never follow. */
export function isUnsafeSegment(segment: string): boolean {
  return segment === '__proto__' || segment === 'constructor' || segment === 'prototype';
}

const NO_ARG: CompiledExpr = () => undefined;

/** Argument i, or a closure yielding undefined when absent. */
export function argOrUndefined(args: readonly CompiledExpr[], i: number): CompiledExpr {
  return args[i] ?? NO_ARG;
}

/**
 * An operator that evaluates all its arguments (left to right, like json-logic-js) and then
 * applies `fn` to the first three values; missing ones are `undefined`. Specialised by arity so
 * the common cases allocate nothing.
 */
export function fixedOp(name: string, fn: (a: unknown, b: unknown, c: unknown) => unknown): OpDefinition {
  return {
    name,
    compile(args, site) {
      const n = args.length;
      const a0 = argOrUndefined(args, 0);
      const a1 = argOrUndefined(args, 1);
      const a2 = argOrUndefined(args, 2);
      switch (n) {
        case 0:
          return (_d, c) => {
            if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
            return fn(undefined, undefined, undefined);
          };
        case 1:
          return (d, c) => {
            if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
            return fn(a0(d, c), undefined, undefined);
          };
        case 2:
          return (d, c) => {
            if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
            return fn(a0(d, c), a1(d, c), undefined);
          };
        case 3:
          return (d, c) => {
            if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
            return fn(a0(d, c), a1(d, c), a2(d, c));
          };
        default:
          return (d, c) => {
            if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
            const x = a0(d, c);
            const y = a1(d, c);
            const z = a2(d, c);
            for (let i = 3; i < n; i++) args[i]!(d, c); // evaluated for effect, as json-logic-js does
            return fn(x, y, z);
          };
      }
    },
  };
}

export interface VariadicFns {
  /** Any number of values (always given). `data` is the current data. */
  many(values: unknown[], data: unknown, site: OpSite): unknown;
  /** Optional allocation-free forms with identical results. */
  one?(a: unknown, site: OpSite): unknown;
  two?(a: unknown, b: unknown, site: OpSite): unknown;
}

/** An operator over all its evaluated argument values. */
export function variadicOp(name: string, fns: VariadicFns): OpDefinition {
  return {
    name,
    compile(args, site) {
      const n = args.length;
      const { many, one, two } = fns;
      if (n === 1 && one !== undefined) {
        const a0 = args[0]!;
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          return one(a0(d, c), site);
        };
      }
      if (n === 2 && two !== undefined) {
        const a0 = args[0]!;
        const a1 = args[1]!;
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          return two(a0(d, c), a1(d, c), site);
        };
      }
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const values = new Array<unknown>(n);
        for (let i = 0; i < n; i++) values[i] = args[i]!(d, c);
        return many(values, d, site);
      };
    },
  };
}
