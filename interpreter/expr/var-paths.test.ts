/** varPathsOf: every literal `var` path of an expression, with a pointer that leads to it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_EXPRESSION_DEPTH } from './ops/index.js';
import type { Ruleset } from '../model/types.js';
import { expressions } from '../validate/expressions.js';
import { varPathsOf } from './var-paths.js';

const ROOT = join(import.meta.dirname, '../..');

/** The value at a JSON pointer (RFC 6901) inside `doc`. */
function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const raw of pointer.split('/').slice(1)) v = (v as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

const found = (expr: unknown) => varPathsOf(expr).map((v) => ({ path: v.path, pointer: v.pointer, scoped: v.scoped }));

describe('varPathsOf', () => {
  it('gives, for every expression of the rulesets, pointers that lead to the path they name', () => {
    let count = 0;
    for (const dir of readdirSync(join(ROOT, 'rulesets'))) {
      const rs = JSON.parse(readFileSync(join(ROOT, 'rulesets', dir, `${dir}.json`), 'utf8')) as Ruleset;
      for (const [expr] of expressions(rs)) {
        for (const v of varPathsOf(expr)) {
          expect(String(at(expr, v.pointer))).toBe(v.path);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('finds paths in document order, marks loop bodies as scoped, escapes pointers and skips what is not a path', () => {
    expect(found({ var: ['a.b', 1] })).toEqual([{ path: 'a.b', pointer: '/var/0', scoped: false }]);
    expect(found({ var: 'a~b/c' })).toEqual([{ path: 'a~b/c', pointer: '/var', scoped: false }]);
    expect(found({ 'a/b~': [{ var: 0 }, { var: true }, { var: '' }, { var: [] }] })).toEqual([
      { path: '0', pointer: '/a~1b~0/0/var', scoped: false },
      { path: 'true', pointer: '/a~1b~0/1/var', scoped: false },
    ]);
    expect(found({ map: [{ var: 'sides' }, { '+': [{ var: 'x' }, { var: 'actor.hp' }] }] })).toEqual([
      { path: 'sides', pointer: '/map/0/var', scoped: false },
      { path: 'x', pointer: '/map/1/+/0/var', scoped: true },
      { path: 'actor.hp', pointer: '/map/1/+/1/var', scoped: true },
    ]);
    // An object of two keys is data, not an operation; a bare string is not a var.
    expect(found([[{ var: 'a' }], { var: 'b', x: { var: 'c' } }])).toEqual([{ path: 'a', pointer: '/0/0/var', scoped: false }]);
    expect(found('actor.hp')).toEqual([]);
    expect(found({ var: null })).toEqual([]);
  });

  it('stops at the expression depth limit', () => {
    let deep: unknown = { var: 'actor.hp' };
    for (let i = 0; i < MAX_EXPRESSION_DEPTH + 2; i++) deep = { '+': [deep, { var: `x${i}` }] };
    const paths = found(deep).map((v) => v.path);
    expect(paths).not.toContain('actor.hp');
    expect(paths).toContain(`x${MAX_EXPRESSION_DEPTH + 1}`);
  });
});
