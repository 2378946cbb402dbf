/**
 * The two-argument forms of ops/binary.ts (and `in`, `!`, `!!`) against json-logic-js, on a table
 * of awkward values: the second argument computed, and folded in as a literal.
 */
import { describe, expect, it } from 'vitest';
import jsonLogic from 'json-logic-js';
import { compileExpression, createEvalContext } from './index.js';

const VALUES: unknown[] = [0, -0, 1, 2.5, -3, '3', '1,2', 'abc', '', true, false, null, [], [1], [1, 2], 'caster', ['caster', 'x']];
const BINARY = ['==', '===', '!=', '!==', '>', '>=', '<', '<=', '+', '*', '-', '/', 'min', 'max', 'in'];

/** json-logic-js's answer (its typings do not take `unknown`). */
function reference(expr: unknown, data: unknown): unknown {
  return jsonLogic.apply(expr as Parameters<typeof jsonLogic.apply>[0], data);
}

function ours(expr: unknown, data: unknown): unknown {
  const fn = compileExpression(expr, { file: 't.json', pointer: '' });
  const ctx = createEvalContext();
  const v = fn(data, ctx);
  return { v, steps: ctx.steps };
}

describe('two-argument operator forms', () => {
  it('agree with json-logic-js, computed or literal, and count the same steps', () => {
    for (const op of BINARY) {
      for (const a of VALUES) {
        for (const b of VALUES) {
          const data = { a, b };
          const ref: unknown = reference({ [op]: [{ var: 'a' }, { var: 'b' }] }, data);
          const computed = ours({ [op]: [{ var: 'a' }, { var: 'b' }] }, data) as { v: unknown; steps: number };
          expect(Object.is(computed.v, ref) || (Number.isNaN(computed.v) && Number.isNaN(ref)), `${op} ${String(a)} ${String(b)}`).toBe(
            true,
          );
          expect(computed.steps).toBe(3);
          if (typeof b === 'object' && b !== null) continue; // literal arrays are not folded
          const literal = ours({ [op]: [{ var: 'a' }, b] }, data) as { v: unknown; steps: number };
          expect(Object.is(literal.v, ref) || (Number.isNaN(literal.v) && Number.isNaN(ref)), `${op} ${String(a)} lit ${String(b)}`).toBe(
            true,
          );
          expect(literal.steps).toBe(2);
          if (op === 'in' && (typeof a !== 'object' || a === null)) {
            const needle = ours({ in: [a, { var: 'b' }] }, data) as { v: unknown };
            expect(needle.v).toBe(reference({ in: [a, { var: 'b' }] }, data));
          }
        }
      }
    }
  });

  it('! and !! of one argument', () => {
    for (const a of VALUES) {
      expect((ours({ '!': [{ var: 'a' }] }, { a }) as { v: unknown }).v).toBe(reference({ '!': [{ var: 'a' }] }, { a }));
      expect((ours({ '!!': [{ var: 'a' }] }, { a }) as { v: unknown }).v).toBe(reference({ '!!': [{ var: 'a' }] }, { a }));
    }
  });
});
