/**
 * Compiled expressions kept between builds (expression-cache.ts): reused for an unchanged
 * document, never for a changed one, and bounded.
 */
import { describe, expect, it } from 'vitest';
import { ExpressionCache, MAX_PER_DOCUMENT } from './expression-cache.js';
import type { CompiledExpr } from '../expr/index.js';

const fn = (): CompiledExpr => () => 1;

describe('ExpressionCache', () => {
  it('compiles once per document, place and text', () => {
    const cache = new ExpressionCache();
    const doc = {};
    let made = 0;
    const make = () => (made++, fn());
    const a = cache.get(doc, '/a', { '+': [1, 2] }, make);
    expect(cache.get(doc, '/a', { '+': [1, 2] }, make)).toBe(a);
    expect(made).toBe(1);
    cache.get(doc, '/b', { '+': [1, 2] }, make); // another place: errors are told there
    cache.get(doc, '/a', { '+': [1, 3] }, make); // another text
    cache.get({}, '/a', { '+': [1, 2] }, make); // another document (a new text of it)
    expect(made).toBe(4);
  });

  it('keeps nothing for a failure', () => {
    const cache = new ExpressionCache();
    const doc = {};
    expect(() =>
      cache.get(doc, '/a', 1, () => {
        throw new Error('bad');
      }),
    ).toThrow('bad');
    expect(cache.sizeFor(doc)).toBe(0);
  });

  it('keeps at most MAX_PER_DOCUMENT expressions of one document', () => {
    const cache = new ExpressionCache();
    const doc = {};
    for (let i = 0; i < MAX_PER_DOCUMENT * 2 + 3; i++) cache.get(doc, '/a', i, fn);
    expect(cache.sizeFor(doc)).toBeLessThanOrEqual(MAX_PER_DOCUMENT);
  });

  it('finds the same expression object at the same place without writing its text', () => {
    const cache = new ExpressionCache();
    const doc = {};
    let written = 0;
    const expr = { toJSON: () => (written++, { '+': [1, 2] }) };
    let made = 0;
    const make = () => (made++, fn());
    const a = cache.get(doc, '/a', expr, make);
    expect(written).toBe(1);
    expect(cache.get(doc, '/a', expr, make)).toBe(a);
    expect(written).toBe(1); // found by identity
    expect(cache.get(doc, '/a', { '+': [1, 2] }, make)).toBe(a); // an equal object: found by its text
    cache.get(doc, '/b', expr, make); // another place: compiled again
    cache.get({}, '/a', expr, make); // another document: compiled again
    expect(made).toBe(3);
    expect(cache.get(doc, '/a', expr, make)).toBe(a); // by its text again
  });
});
