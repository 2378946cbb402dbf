/**
 * Every JSON Logic expression of a ruleset, with its pointer, for the checks that read names in
 * them. An expression is found by the key that holds it; a key such as `initiative` may also
 * hold a block of settings (scope, roll, formula…), which is walked into instead.
 */
import type { Ruleset } from '../model/types.js';
import { joinPointer } from '../diagnostics.js';

export interface Problem {
  pointer: string;
  message: string;
}

const EXPRESSION_KEYS = new Set([
  'requires',
  'by',
  'to',
  'abort',
  'perRound',
  'initiative',
  'when',
  'select',
  'formula',
  'add',
  'default',
  'expr',
  'within',
  'distance',
  'amount',
  'value',
  'cond',
  'dice',
  'rounds',
  'winner',
  'out',
  'prefer',
  'bonus',
]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** (expression, pointer) for every expression of a ruleset (not its options, decisions or source). */
export function* expressions(rs: Ruleset): Generator<[unknown, string]> {
  function* walk(v: unknown, ptr: string, parentKey: string | null): Generator<[unknown, string]> {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) yield* walk(v[i], `${ptr}/${i}`, null);
      return;
    }
    if (!isObject(v)) return;
    for (const [k, child] of Object.entries(v)) {
      const p = joinPointer(ptr, k);
      const isExpr =
        parentKey === 'with' ||
        (EXPRESSION_KEYS.has(k) &&
          !(k === 'default' && !ptr.includes('/judgments/') && !ptr.endsWith('/elective')) &&
          !(k === 'value' && ptr.startsWith('/options')));
      // An operator is an object of one key; more keys make a block of settings (initiative: {scope, formula, …}).
      if (isExpr && !(isObject(child) && Object.keys(child).length > 1)) yield [child, p];
      else yield* walk(child, p, k);
    }
  }
  const { $schema: _s, options: _o, decisions: _d, source: _src, expressions: named, ...rest } = rs as unknown as Record<string, unknown>;
  // Named expressions: each body is an expression, whatever its operators are called.
  if (isObject(named)) for (const [name, body] of Object.entries(named)) yield [body, joinPointer('/expressions', name)];
  void _s;
  void _o;
  void _d;
  void _src;
  yield* walk(rest, '', null);
}
