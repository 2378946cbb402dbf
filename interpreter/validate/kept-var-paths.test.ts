/** keepingVarPaths: an expression object's var paths kept across checks, only when asked for. */
import { describe, expect, it } from 'vitest';
import { KeptVarPaths, keepingVarPaths, varPaths } from './expressions.js';

const paths = (expr: unknown) => varPaths({ expr, pointer: '' }).map((v) => [v.path, v.pointer]);

describe('keepingVarPaths', () => {
  it('keeps the paths of an expression object while asked, reads afresh otherwise', () => {
    const expr = { '+': [{ var: 'self.hp' }, 1] };
    const kept = new KeptVarPaths();
    expect(keepingVarPaths(kept, () => paths(expr))).toEqual([['self.hp', '/+/0/var']]);
    // Changed in place (as a test may do): without the memo, read afresh.
    expr['+'][0] = { var: 'self.ac' };
    expect(paths(expr)).toEqual([['self.ac', '/+/0/var']]);
    // With it, the object's first paths: the caller promised its documents never change.
    expect(keepingVarPaths(kept, () => paths(expr))).toEqual([['self.hp', '/+/0/var']]);
    // Another object, equal or not, is read on its own.
    expect(keepingVarPaths(kept, () => paths({ '+': [{ var: 'self.ac' }, 1] }))).toEqual([['self.ac', '/+/0/var']]);
  });
});
