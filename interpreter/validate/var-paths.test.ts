/** var-paths.ts finds exactly what collectVarPaths finds: paths, order, scoped, pointers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectVarPaths, MAX_EXPRESSION_DEPTH } from '../expr/index.js';
import type { Ruleset } from '../model/types.js';
import { expressions } from './expressions.js';
import { varPathsOf } from './var-paths.js';

const ROOT = join(import.meta.dirname, '../..');
const same = (expr: unknown) =>
  expect(varPathsOf(expr).map((v) => ({ path: v.path, pointer: v.pointer, scoped: v.scoped }))).toEqual(collectVarPaths(expr));

describe('varPathsOf', () => {
  it('equals collectVarPaths on every expression of the rulesets', () => {
    let count = 0;
    for (const dir of readdirSync(join(ROOT, 'rulesets'))) {
      const rs = JSON.parse(readFileSync(join(ROOT, 'rulesets', dir, `${dir}.json`), 'utf8')) as Ruleset;
      for (const [expr] of expressions(rs)) {
        same(expr);
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('equals collectVarPaths on odd cases', () => {
    let deep: unknown = { var: 'actor.hp' };
    for (let i = 0; i < MAX_EXPRESSION_DEPTH + 2; i++) deep = { '+': [deep, { var: `x${i}` }] };
    for (const expr of [
      deep,
      { var: ['a.b', 1] },
      { var: 'a~b/c' },
      { 'a/b~': [{ var: 0 }, { var: true }, { var: '' }, { var: [] }] },
      { map: [{ var: 'sides' }, { '+': [{ var: 'x' }, { var: 'actor.hp' }] }] },
      { reduce: [{ var: 'l' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 0] },
      { filter: { var: 'l' } },
      { some: [[{ var: 'a' }], { var: 'b' }] },
      [[{ var: 'a' }], { var: 'b', x: { var: 'c' } }],
      { var: null },
      'actor.hp',
      null,
      { __proto__: null, var: 'p' },
      JSON.parse('{"__proto__": {"var": "q"}}'),
    ])
      same(expr);
  });
});
