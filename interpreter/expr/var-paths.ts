/**
 * The literal `var` paths of an expression: each path, whether it sits where a loop's own data
 * is read (`scoped`), and its JSON pointer relative to the expression — joined only when asked
 * for, since the semantic checks report few of the many paths they look at.
 * `collectVarPaths` (compile.ts) gives the same with every pointer joined.
 */
import { escapePointerSegment } from '../diagnostics.js';
import { BUILTIN_OPS, MAX_EXPRESSION_DEPTH } from './ops/index.js';

/** One literal path: `pointer` (relative to the expression) is built on first use. */
export class VarPath {
  private joined: string | undefined;
  constructor(
    readonly path: string,
    readonly scoped: boolean,
    private readonly steps: ReadonlyArray<string | number>,
  ) {}
  get pointer(): string {
    if (this.joined === undefined) {
      let p = '';
      for (const s of this.steps) p += '/' + escapePointerSegment(s);
      this.joined = p;
    }
    return this.joined;
  }
}

const NONE: readonly number[] = [];

/** Every literal `var` path (non-empty string, number or boolean) of `expr`, in document order. */
export function varPathsOf(expr: unknown): VarPath[] {
  const out: VarPath[] = [];
  const steps: Array<string | number> = [];
  const visit = (value: unknown, scoped: boolean, depth: number): void => {
    if (depth > MAX_EXPRESSION_DEPTH) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        steps.push(i);
        visit(value[i], scoped, depth + 1);
        steps.pop();
      }
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    let op: string | undefined;
    let count = 0;
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      if (++count > 1) return;
      op = k;
    }
    if (op === undefined) return;
    const raw = (value as Record<string, unknown>)[op];
    const argsAreArray = Array.isArray(raw);
    steps.push(op);
    if (op === 'var') {
      const p: unknown = argsAreArray ? (raw as unknown[])[0] : raw;
      if (
        (argsAreArray ? (raw as unknown[]).length > 0 : true) &&
        ((typeof p === 'string' && p !== '') || typeof p === 'number' || typeof p === 'boolean')
      ) {
        out.push(new VarPath(String(p), scoped, argsAreArray ? [...steps, 0] : [...steps]));
      }
    }
    const scopedArgs = BUILTIN_OPS.get(op)?.scopedArgs ?? NONE;
    if (argsAreArray) {
      const args = raw as unknown[];
      for (let i = 0; i < args.length; i++) {
        steps.push(i);
        visit(args[i], scoped || scopedArgs.includes(i), depth + 1);
        steps.pop();
      }
    } else visit(raw, scoped || scopedArgs.includes(0), depth + 1);
    steps.pop();
  };
  visit(expr, false, 1);
  return out;
}
