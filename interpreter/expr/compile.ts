/**
 * JSON Logic compiled once, at load time, into nested closures.
 *
 * Semantics are json-logic-js 2.0.5's (see differential.test.ts), with these deliberate
 * differences:
 *   - unknown operators, `log`, bad literal `var` paths, bad literal dice notation and a few
 *     arity errors (`{"*": []}`, `clamp` without 3 arguments) are rejected at compile time,
 *     even in branches json-logic-js would never evaluate;
 *   - `var` reads own properties only and never follows `__proto__`, `constructor`, `prototype`;
 *   - `missing` / `missing_some` treat keys as data, never re-evaluating them as logic;
 *   - literal data objects come back frozen (json-logic-js hands out the document's own object).
 * Limits are documented in ops/core.ts. No document content is ever evaluated as code: there is
 * no eval and no Function constructor; operators are looked up in a Map.
 */
import { PhasebookError, diagnosticAt, joinPointer, type Diagnostic } from '../diagnostics.js';
import { varPathsOf } from './var-paths.js';
import {
  BUILTIN_OPS,
  ExpressionBudgetError,
  ExpressionRuntimeError,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NODES,
  type BudgetKind,
  type CompiledExpr,
  type OpDefinition,
  type OpSite,
} from './ops/index.js';

export type Locate = (pointer: string) => { line: number; col: number };

export interface CompileOptions {
  /** The document's name, for diagnostics. */
  file: string;
  /** JSON pointer of the expression inside the document. */
  pointer: string;
  /** Maps a pointer to line/col; without it diagnostics say 1:1. */
  locate?: Locate;
  /** More operators (names must not clash with built-in ones). */
  extraOps?: readonly OpDefinition[];
  /**
   * Every name a loop body may read from outside the loop (EvalContext.outerNames) when this
   * expression runs. Given, a literal `var` whose first name is not among them is compiled
   * without the outer lookup; the context's outerNames must then be a subset of these.
   */
  outerNames?: ReadonlySet<string>;
}

export interface VarPathRef {
  /** The literal path as written, e.g. "actor.hp" (numbers as their decimal form). */
  path: string;
  /** Pointer of the path value. */
  pointer: string;
  /** True inside the per-element logic of map/filter/reduce/all/none/some (data is the element). */
  scoped: boolean;
}

interface Compiled {
  fn: CompiledExpr;
  /** Set when the value is a literal: primitives as is, arrays and objects deep-frozen. */
  constant?: { readonly value: unknown };
}

function located(file: string, pointer: string, message: string, locate: Locate | undefined): Diagnostic {
  let line = 1;
  let col = 1;
  if (locate !== undefined) {
    try {
      const at = locate(pointer);
      if (at !== undefined && at !== null && Number.isFinite(at.line) && Number.isFinite(at.col)) {
        line = at.line;
        col = at.col;
      }
    } catch {
      // an unknown pointer keeps 1:1
    }
  }
  return diagnosticAt(file, pointer, message, line, col);
}

/** Thrown by OpSite.fail; caught by the compiler, which collects the diagnostic. */
class CompileFailure extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

class Site implements OpSite {
  readonly argCount: number;
  constructor(
    readonly op: string,
    readonly file: string,
    readonly pointer: string,
    private readonly argsAreArray: boolean,
    private readonly args: readonly Compiled[],
    private readonly locate: Locate | undefined,
    readonly outerNames: ReadonlySet<string> | undefined,
  ) {
    this.argCount = args.length;
  }
  argPointer(index: number): string {
    return this.argsAreArray ? joinPointer(this.pointer, index) : this.pointer;
  }
  constantArg(index: number): { readonly value: unknown } | undefined {
    return this.args[index]?.constant;
  }
  fail(message: string, pointer: string = this.pointer): never {
    throw new CompileFailure(located(this.file, pointer, message, this.locate));
  }
  error(message: string, cause?: unknown): ExpressionRuntimeError {
    return new ExpressionRuntimeError(located(this.file, this.pointer, message, this.locate), cause);
  }
  budget(kind: BudgetKind, message: string): ExpressionBudgetError {
    return new ExpressionBudgetError(located(this.file, this.pointer, message, this.locate), kind);
  }
}

/** json-logic-js's `is_logic`: a non-null, non-array object with exactly one own key. */
function operatorKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0] : undefined;
}

/** A new copy of a frozen array template (nested array literals are rebuilt too, as json-logic-js does). */
function fresh(template: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(template.length);
  for (let i = 0; i < template.length; i++) {
    const v = template[i];
    out[i] = Array.isArray(v) ? fresh(v) : v;
  }
  return out;
}

const NEVER: CompiledExpr = () => {
  throw new Error('internal: evaluated an expression that failed to compile');
};

class Compiler {
  private nodes = 0;
  readonly diagnostics: Diagnostic[] = [];
  constructor(
    private readonly file: string,
    private readonly locate: Locate | undefined,
    private readonly ops: ReadonlyMap<string, OpDefinition>,
    private readonly outerNames: ReadonlySet<string> | undefined,
  ) {}

  private abort(pointer: string, message: string): never {
    throw new PhasebookError([...this.diagnostics, located(this.file, pointer, message, this.locate)]);
  }

  private enter(pointer: string, depth: number): void {
    if (++this.nodes > MAX_EXPRESSION_NODES) {
      this.abort(pointer, `expression is too large (more than ${MAX_EXPRESSION_NODES} values)`);
    }
    if (depth > MAX_EXPRESSION_DEPTH) {
      this.abort(pointer, `expression is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`);
    }
  }

  node(value: unknown, pointer: string, depth: number): Compiled {
    this.enter(pointer, depth);
    if (Array.isArray(value)) return this.array(value, pointer, depth);
    const op = operatorKey(value);
    if (op !== undefined) return this.operator(op, value as Record<string, unknown>, pointer, depth);
    const constant = typeof value === 'object' && value !== null ? this.literal(value, pointer, depth) : value;
    return { fn: () => constant, constant: { value: constant } };
  }

  /** Deep-frozen copy of literal data (not evaluated: json-logic-js returns such objects as they are). */
  private literal(value: unknown, pointer: string, depth: number): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      return Object.freeze(
        value.map((v, i) => {
          const p = joinPointer(pointer, i);
          this.enter(p, depth + 1);
          return this.literal(v, p, depth + 1);
        }),
      );
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const p = joinPointer(pointer, key);
      this.enter(p, depth + 1);
      // defineProperty, so that a "__proto__" key stays a plain own property.
      Object.defineProperty(out, key, {
        value: this.literal((value as Record<string, unknown>)[key], p, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return Object.freeze(out);
  }

  private array(value: readonly unknown[], pointer: string, depth: number): Compiled {
    const items = value.map((v, i) => this.node(v, joinPointer(pointer, i), depth + 1));
    if (items.every((it) => it.constant !== undefined)) {
      const template = Object.freeze(items.map((it) => it.constant!.value));
      return { fn: () => fresh(template), constant: { value: template } };
    }
    const fns = items.map((it) => it.fn);
    const n = fns.length;
    return {
      fn: (d, c) => {
        const out = new Array<unknown>(n);
        for (let i = 0; i < n; i++) out[i] = fns[i]!(d, c);
        return out;
      },
    };
  }

  private operator(op: string, obj: Record<string, unknown>, pointer: string, depth: number): Compiled {
    const opPointer = joinPointer(pointer, op);
    const raw = obj[op];
    const argsAreArray = Array.isArray(raw);
    const rawArgs: readonly unknown[] = argsAreArray ? (raw as unknown[]) : [raw];
    const args = rawArgs.map((a, i) => this.node(a, argsAreArray ? joinPointer(opPointer, i) : opPointer, depth + 1));
    const def = this.ops.get(op);
    if (def === undefined) {
      this.diagnostics.push(located(this.file, opPointer, unknownOperatorMessage(op, this.ops), this.locate));
      return { fn: NEVER };
    }
    const site = new Site(op, this.file, opPointer, argsAreArray, args, this.locate, this.outerNames);
    try {
      return {
        fn: def.compile(
          args.map((a) => a.fn),
          site,
        ),
      };
    } catch (e) {
      if (e instanceof CompileFailure) {
        this.diagnostics.push(e.diagnostic);
        return { fn: NEVER };
      }
      throw e;
    }
  }
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const score = editDistance(lower, c.toLowerCase());
    if (score < bestScore || (score === bestScore && best !== undefined && c < best)) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function unknownOperatorMessage(op: string, ops: ReadonlyMap<string, OpDefinition>): string {
  if (op === 'log') return 'operator "log" is not allowed (it has side effects)';
  const guess = closest(op, ops.keys());
  return (
    `unknown operator ${JSON.stringify(op)}` +
    (guess !== undefined ? ` (did you mean ${JSON.stringify(guess)}?)` : '') +
    '; note that an object with exactly one key is always read as an operator'
  );
}

function operatorTable(extraOps: readonly OpDefinition[] | undefined): ReadonlyMap<string, OpDefinition> {
  if (extraOps === undefined || extraOps.length === 0) return BUILTIN_OPS;
  const table = new Map(BUILTIN_OPS);
  for (const op of extraOps) {
    if (table.has(op.name)) throw new Error(`operator "${op.name}" is already defined`);
    table.set(op.name, op);
  }
  return table;
}

/**
 * Compile a JSON Logic expression. Throws PhasebookError listing every problem found (unknown
 * operators, forbidden paths, bad literal notation) or the first limit exceeded.
 */
export function compileExpression(expr: unknown, opts: CompileOptions): CompiledExpr {
  const compiler = new Compiler(opts.file, opts.locate, operatorTable(opts.extraOps), opts.outerNames);
  const root = compiler.node(expr, opts.pointer, 1);
  if (compiler.diagnostics.length > 0) throw new PhasebookError(compiler.diagnostics);
  return root.fn;
}

/** Names of the built-in operators, sorted. */
export function knownOperators(): string[] {
  return [...BUILTIN_OPS.keys()].sort();
}

/**
 * Every literal `var` path (non-empty string, number or boolean) with the pointer of the path
 * value, in document order. Only evaluated positions are searched (not literal data objects).
 */
export function collectVarPaths(expr: unknown, basePointer = ''): VarPathRef[] {
  return varPathsOf(expr).map((v) => ({ path: v.path, pointer: basePointer + v.pointer, scoped: v.scoped }));
}
