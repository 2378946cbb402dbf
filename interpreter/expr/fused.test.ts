/**
 * ops/fused.ts: an operator fused with its rooted `var` operand gives what json-logic-js gives,
 * counts the same two steps, fails the budget at the same operator, and reads outside a loop
 * body as the var's own closure does.
 */
import { describe, expect, it } from 'vitest';
import jsonLogic from 'json-logic-js';
import { compileExpression, createEvalContext, type EvalContext } from './index.js';
import { PhasebookError } from '../diagnostics.js';

const VALUES: unknown[] = [0, -0, 1, 2.5, -3, '3', 'abc', '', true, false, null, undefined, [], [1], ['ranged', 'x'], 'ranged'];
const LITERALS: unknown[] = [0, 1, -10, '3', 'ranged', '', true, false, null];
const OPS = ['==', '===', '!=', '!==', '>', '>=', '<', '<='];
const PATHS = ['actor.v', 'target.v', 'local.v', 'reactor.v', 'distance', 'round'];

function reference(expr: unknown, data: unknown): unknown {
  return jsonLogic.apply(expr as Parameters<typeof jsonLogic.apply>[0], data as Parameters<typeof jsonLogic.apply>[1]);
}

/** The data where `path` holds `v` (absent when v is undefined). */
function dataWith(path: string, v: unknown): Record<string, unknown> {
  const [a, b] = path.split('.') as [string, string | undefined];
  if (v === undefined) return b === undefined ? {} : { [a]: {} };
  return b === undefined ? { [a]: v } : { [a]: { [b]: v } };
}

function ours(expr: unknown, data: unknown, ctx: EvalContext = createEvalContext()): { v: unknown; steps: number } {
  const fn = compileExpression(expr, { file: 't.json', pointer: '' });
  const v = fn(data, ctx);
  return { v, steps: ctx.steps };
}

describe('an operator fused with its rooted var', () => {
  it('agrees with json-logic-js and counts two steps', () => {
    for (const path of PATHS) {
      for (const v of VALUES) {
        const data = dataWith(path, v);
        for (const k of LITERALS) {
          for (const op of OPS) {
            const expr = { [op]: [{ var: path }, k] };
            expect(ours(expr, data), `${op} ${path}=${String(v)} ${String(k)}`).toEqual({ v: reference(expr, data), steps: 2 });
          }
          if (typeof k === 'string' || typeof k === 'number') {
            const expr = { in: [k, { var: path }] };
            expect(ours(expr, data), `in ${String(k)} ${path}=${String(v)}`).toEqual({ v: reference(expr, data), steps: 2 });
          }
        }
        for (const op of ['!', '!!']) {
          const expr = { [op]: { var: path } };
          expect(ours(expr, data), `${op} ${path}=${String(v)}`).toEqual({ v: reference(expr, data), steps: 2 });
        }
      }
    }
  });

  it('fails the step budget at the operator, then at the var', () => {
    const expr = { '>': [{ var: 'actor.hp' }, 0] };
    const failure = (maxSteps: number): string => {
      try {
        ours(expr, { actor: { hp: 3 } }, createEvalContext({ maxSteps }));
      } catch (e) {
        if (e instanceof PhasebookError) return e.diagnostics[0]!.pointer;
        throw e;
      }
      return 'none';
    };
    expect(failure(0)).toBe('/>');
    expect(failure(1)).toBe('/>/0/var');
    expect(failure(2)).toBe('none');
  });

  it('reads outside a loop body as the var does', () => {
    const outerNames = new Set(['actor']);
    const expr = { some: [{ var: 'items' }, { '>': [{ var: 'actor.hp' }, 0] }] };
    const fn = compileExpression(expr, { file: 't.json', pointer: '', outerNames });
    const run = (items: unknown[]): unknown => fn({ items, actor: { hp: 5 } }, { ...createEvalContext(), outerNames });
    expect(run([{}])).toBe(true); // the element has no actor: the outer one is read
    expect(run([{ actor: { hp: 0 } }])).toBe(false); // the element's own actor
    expect(run([])).toBe(false);
  });
});
