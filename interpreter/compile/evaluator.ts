/**
 * Stage 4 of the pipeline: compile a resolved ruleset's expressions, once, into closures.
 * Every compiled expression remembers where it came from, so a runtime failure (a step budget
 * exhausted, a bad dice notation built at run time) is reported at the file, line and pointer
 * of the expression, never as a stack trace.
 */
import { PhasebookError, joinPointer, type Diagnostic } from '../diagnostics.js';
import { DiceError, type Dice } from '../dice/index.js';
import { compileExpression, type CompiledExpr, type EvalContext } from '../expr/index.js';
import type { Located, ResolvedRuleset } from '../resolve/overlays.js';
import type { ExpressionCache } from './expression-cache.js';
import { EXPRESSION_VARIABLES } from '../model/variables.js';

export type Data = Record<string, unknown>;
export type Fn = (data: Data) => unknown;

export const DEFAULT_EXPRESSION_STEPS = 100_000;

/**
 * The variables a loop body (map, filter, reduce, all, none, some) can still read from outside
 * the loop when its element has no field of that name: every variable an expression can read
 * (model/variables.ts), so a body sees what the expression around it sees.
 */
export const OUTER_NAMES: ReadonlySet<string> = new Set(EXPRESSION_VARIABLES);

export class Evaluator {
  readonly ctx: EvalContext;
  private readonly origin: ResolvedRuleset['origin'];
  private readonly locateIn: ResolvedRuleset['locate'];
  /** The file and pointer an expression came from (its line only when an error needs it). */
  private readonly where: (pointer: string) => { file: string; pointer: string };

  /**
   * @param cache compiled expressions kept from earlier builds (an editor's): an expression
   *   whose document, place and text are unchanged is not compiled again (expression-cache.ts).
   */
  constructor(
    private readonly resolved: ResolvedRuleset,
    maxSteps = DEFAULT_EXPRESSION_STEPS,
    private readonly cache?: ExpressionCache,
  ) {
    this.origin = resolved.origin;
    this.locateIn = resolved.locate;
    this.where = resolved.where ?? resolved.origin;
    this.ctx = { steps: 0, maxSteps, labelPrefix: '', outerNames: OUTER_NAMES };
    // Named expressions ({"expr": "name"}): compiled once, read through the context.
    const named = new Map<string, CompiledExpr>();
    for (const [name, body] of Object.entries(resolved.ruleset.expressions ?? {})) {
      named.set(name, this.compiled(body, this.where(joinPointer('/expressions', name))));
    }
    if (named.size > 0) this.ctx.named = named;
  }

  /** The expression `expr`, found at `where`, compiled (or taken from the cache). */
  private compiled(expr: unknown, where: { file: string; pointer: string }): CompiledExpr {
    const doc = this.cache ? this.resolved.document?.(where.file) : undefined;
    if (!this.cache || !doc || typeof doc.value !== 'object' || doc.value === null) {
      return compileExpression(expr, {
        file: where.file,
        pointer: where.pointer,
        locate: (p: string) => this.locateIn(where.file, p),
        outerNames: OUTER_NAMES,
      });
    }
    const { file, pointer } = where;
    return this.cache.get(doc.value, pointer, expr, () => compileKept(expr, file, pointer, doc));
  }

  setDice(dice: Dice): void {
    this.ctx.dice = dice;
  }

  /** Compile the expression found at `pointer` of the resolved ruleset. */
  compile(expr: unknown, pointer: string): Fn {
    // A literal that is not an object or array is its own value: never an operator, no steps,
    // nothing to throw; its function needs no wrapper around a constant closure.
    if (typeof expr !== 'object' || expr === null) {
      const value = expr;
      return () => value;
    }
    const compiled = this.compiled(expr, this.where(pointer));
    const ctx = this.ctx;
    const origin = this.origin;
    return (data: Data) => {
      const outer = ctx.steps;
      // An expression evaluated inside another's loop (a derived value read there) has loops of its own.
      const outerData = ctx.outer;
      ctx.steps = 0;
      ctx.outer = undefined;
      try {
        return compiled(data, ctx);
      } catch (err) {
        // A host's signal (a value that is not an Error, such as a pending question) passes through.
        if (err instanceof PhasebookError || (err instanceof DiceError && err.pin) || !(err instanceof Error)) throw err;
        const o = origin(pointer);
        const message = err instanceof Error ? err.message : String(err);
        const d: Diagnostic = { file: o.file, line: o.line, col: o.col, pointer: o.pointer, message, severity: 'error' };
        throw new PhasebookError([d]);
      } finally {
        ctx.steps = outer;
        ctx.outer = outerData;
      }
    };
  }

  /** Compile an optional expression; absent means `fallback`. */
  compileOr(expr: unknown, pointer: string, fallback: unknown): Fn {
    if (expr === undefined) return () => fallback;
    return this.compile(expr, pointer);
  }

  /** A diagnostic at a place of the resolved ruleset. */
  at(pointer: string, message: string): PhasebookError {
    const o = this.origin(pointer);
    return new PhasebookError([{ file: o.file, line: o.line, col: o.col, pointer: o.pointer, message, severity: 'error' }]);
  }
}

/**
 * An expression compiled to be kept beyond one build (expression-cache.ts): out here, so that
 * its closures hold on to its own document only, never to the evaluator or ruleset of the build.
 */
function compileKept(expr: unknown, file: string, pointer: string, doc: Located<unknown>): CompiledExpr {
  return compileExpression(expr, { file, pointer, locate: (p: string) => doc.locate(p), outerNames: OUTER_NAMES });
}

export const truthy = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : Boolean(v));

export function num(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : parseFloat(String(v));
  return Number.isFinite(n) ? n : 0;
}
