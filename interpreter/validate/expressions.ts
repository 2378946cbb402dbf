/**
 * Every JSON Logic expression of a ruleset, with its pointer, for the checks that read names in
 * them. An expression is found by the key that holds it; a key such as `initiative` may also
 * hold a block of settings (scope, roll, formula…), which is walked into instead.
 */
import type { Ruleset } from '../model/types.js';
import { joinPointer } from '../diagnostics.js';
import { varPathsOf, type VarPath } from '../expr/var-paths.js';
import { shared } from './shared.js';
import { segment } from './tree.js';

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

/** One expression of a ruleset: its value, its pointer, and (once asked) the variables it reads. */
export interface Expression {
  readonly expr: unknown;
  readonly pointer: string;
  /** Its var paths (var-paths.ts), found once for all the checks that read them (see varPaths). */
  vars?: VarPath[];
}

/**
 * The var paths of expression objects, kept from one `checkRuleset` to the next by a caller whose
 * documents are never changed once read (the editor's worker, editor/src/lib/core-cache.ts: a
 * resolved ruleset shares its base's untouched expressions from one build to the next). The
 * paths and their pointers are relative to the expression, so the same object has the same
 * paths wherever it is found. Opt-in (keepingVarPaths): a ruleset changed in place between two
 * checks, as a test may do, is read afresh otherwise.
 */
export class KeptVarPaths {
  readonly byExpression = new WeakMap<object, VarPath[]>();
}

let kept: KeptVarPaths | null = null;

/** Run `f` (checks) with the var paths of expression objects taken from and kept in `paths`. */
export function keepingVarPaths<T>(paths: KeptVarPaths, f: () => T): T {
  const outer = kept;
  kept = paths;
  try {
    return f();
  } finally {
    kept = outer;
  }
}

function pathsOf(expr: unknown): VarPath[] {
  if (kept === null || typeof expr !== 'object' || expr === null) return varPathsOf(expr);
  let paths = kept.byExpression.get(expr);
  if (paths === undefined) kept.byExpression.set(expr, (paths = varPathsOf(expr)));
  return paths;
}

/** The variables an expression reads, with pointers relative to it (computed once per expression). */
export const varPaths = (e: Expression): VarPath[] => (e.vars ??= pathsOf(e.expr));

/** Every expression of a ruleset (not its options, decisions or source), found once per checkRuleset call (shared.ts). */
export const expressionList = (rs: Ruleset): Expression[] => shared(rs, findExpressions, () => findExpressions(rs));

/** (expression, pointer) for every expression of a ruleset (not its options, decisions or source). */
export function* expressions(rs: Ruleset): Generator<[unknown, string]> {
  for (const e of expressionList(rs)) yield [e.expr, e.pointer];
}

function findExpressions(rs: Ruleset): Expression[] {
  const out: Expression[] = [];
  // The path walked so far, as keys: a pointer is only joined for an expression.
  const segs: string[] = [];
  const pointer = (): string => (segs.length === 0 ? '' : '/' + segs.map(segment).join('/'));
  /** Whether the pointer of the current object contains "/judgments/" (a segment before its last). */
  const inJudgment = (): boolean => segs.lastIndexOf('judgments', segs.length - 2) >= 0;
  const walk = (v: unknown, parentKey: string | null): void => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        segs.push(String(i));
        walk(v[i], null);
        segs.pop();
      }
      return;
    }
    if (!isObject(v)) return;
    const keys = Object.keys(v);
    for (let n = 0; n < keys.length; n++) {
      const k = keys[n]!;
      const child = v[k];
      const isExpr =
        parentKey === 'with' ||
        (EXPRESSION_KEYS.has(k) &&
          !(k === 'default' && !(segs.length >= 2 && inJudgment()) && segs[segs.length - 1] !== 'elective') &&
          !(k === 'value' && segs.length > 0 && segs[0]!.startsWith('options')));
      segs.push(k);
      // An operator is an object of one key; more keys make a block of settings (initiative: {scope, formula, …}).
      if (isExpr && !(isObject(child) && Object.keys(child).length > 1)) out.push({ expr: child, pointer: pointer() });
      else walk(child, k);
      segs.pop();
    }
  };
  const { $schema: _s, options: _o, decisions: _d, source: _src, expressions: named, ...rest } = rs as unknown as Record<string, unknown>;
  // Named expressions: each body is an expression, whatever its operators are called.
  if (isObject(named)) for (const name of Object.keys(named)) out.push({ expr: named[name], pointer: joinPointer('/expressions', name) });
  void _s;
  void _o;
  void _d;
  void _src;
  walk(rest, null);
  return out;
}
