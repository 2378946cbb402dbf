import { describe, expect, it } from 'vitest';
import { PhasebookError } from '../diagnostics.js';
import { Dice, type RollResult } from '../dice/index.js';
import {
  ExpressionBudgetError,
  ExpressionRuntimeError,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NODES,
  MAX_ITERATION_LENGTH,
  collectVarPaths,
  compileExpression,
  createEvalContext,
  fixedOp,
  knownOperators,
  type EvalContext,
} from './index.js';

const opts = { file: 'rules.json', pointer: '' };

function run(expr: unknown, data: unknown = {}, ctx: Partial<EvalContext> = {}): unknown {
  return compileExpression(expr, opts)(data, createEvalContext(ctx));
}

function compileError(expr: unknown, pointer = '', locate?: (p: string) => { line: number; col: number }): PhasebookError {
  try {
    compileExpression(expr, { file: 'rules.json', pointer, ...(locate ? { locate } : {}) });
  } catch (e) {
    expect(e).toBeInstanceOf(PhasebookError);
    return e as PhasebookError;
  }
  throw new Error('expected a compile error');
}

describe('literals', () => {
  it('returns primitives and evaluates arrays elementwise', () => {
    expect(run(3)).toBe(3);
    expect(run('x')).toBe('x');
    expect(run(null)).toBe(null);
    expect(run([1, { var: 'a' }, [{ '+': [1, 1] }]], { a: 'A' })).toEqual([1, 'A', [2]]);
  });

  it('returns objects that are not operators as they are, unevaluated', () => {
    expect(run({})).toEqual({});
    expect(run({ a: { var: 'x' }, b: 2 })).toEqual({ a: { var: 'x' }, b: 2 });
    expect(run([{ a: 1, b: { bogus: 1 } }])).toEqual([{ a: 1, b: { bogus: 1 } }]);
  });

  it('builds a new array on every evaluation, as json-logic-js does', () => {
    const f = compileExpression([1, [2]], opts);
    const ctx = createEvalContext();
    const a = f({}, ctx) as unknown[];
    const b = f({}, ctx) as unknown[];
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a[1]).not.toBe(b[1]);
    a.push(3);
    expect(f({}, ctx)).toEqual([1, [2]]);
  });

  it('freezes literal data objects so the document cannot be changed through a result', () => {
    const doc = { a: [1], b: 2 };
    const out = run(doc) as { a: number[] };
    expect(Object.isFrozen(out)).toBe(true);
    expect(() => out.a.push(2)).toThrow(TypeError);
    expect(doc.a).toEqual([1]);
  });
});

describe('logic', () => {
  it('if / ?: chains', () => {
    expect(run({ if: [true, 'yes', 'no'] })).toBe('yes');
    expect(run({ if: [[], 'yes', 'no'] })).toBe('no');
    expect(run({ if: [false, 1, false, 2, 3] })).toBe(3);
    expect(run({ if: [false, 1, true, 2, 3] })).toBe(2);
    expect(run({ if: [false, 1, false, 2] })).toBe(null);
    expect(run({ if: [false, 1] })).toBe(null);
    expect(run({ if: [] })).toBe(null);
    expect(run({ if: 'x' })).toBe('x');
    expect(run({ '?:': [0, 'a', 'b'] })).toBe('b');
  });

  it('if is lazy', () => {
    const dice = new Dice(1);
    expect(run({ if: [true, 1, { roll: ['1d6'] }] }, {}, { dice })).toBe(1);
    expect(dice.roll('roll', '1d6').label).toBe('roll');
  });

  it('and / or return operands and short-circuit', () => {
    expect(run({ and: [1, 'a', 0, { roll: ['1d6'] }] })).toBe(0);
    expect(run({ and: [1, 'a'] })).toBe('a');
    expect(run({ and: [] })).toBe(undefined);
    expect(run({ or: [0, '', [], 'x', { roll: ['1d6'] }] })).toBe('x');
    expect(run({ or: [0, ''] })).toBe('');
    expect(run({ or: [] })).toBe(undefined);
    expect(run({ or: [false, []] })).toEqual([]);
  });

  it('! and !! use json-logic truthiness (empty array is falsy)', () => {
    expect(run({ '!': [[]] })).toBe(true);
    expect(run({ '!!': [[]] })).toBe(false);
    expect(run({ '!!': [[0]] })).toBe(true);
    expect(run({ '!!': ['0'] })).toBe(true);
    expect(run({ '!': [] })).toBe(true);
    expect(run({ '!': true })).toBe(false);
  });
});

describe('comparison', () => {
  it('loose and strict equality', () => {
    expect(run({ '==': [1, '1'] })).toBe(true);
    expect(run({ '==': [0, ''] })).toBe(true);
    expect(run({ '==': [null, 0] })).toBe(false);
    expect(run({ '==': [[], false] })).toBe(true);
    expect(run({ '===': [1, '1'] })).toBe(false);
    expect(run({ '!=': [1, '2'] })).toBe(true);
    expect(run({ '!==': [1, 1] })).toBe(false);
  });

  it('relational, with 3-argument between for < and <=', () => {
    expect(run({ '>': [2, 1] })).toBe(true);
    expect(run({ '>=': [1, 1] })).toBe(true);
    expect(run({ '<': ['10', 9] })).toBe(false);
    expect(run({ '<': ['10', '9'] })).toBe(true); // string comparison
    expect(run({ '<': [1, 2, 3] })).toBe(true);
    expect(run({ '<': [1, 3, 3] })).toBe(false);
    expect(run({ '<=': [1, 3, 3] })).toBe(true);
    expect(run({ '<=': [1, 4, 3] })).toBe(false);
  });
});

describe('arithmetic', () => {
  it('+ parses floats, - and / coerce', () => {
    expect(run({ '+': [1, '2', 3.5] })).toBe(6.5);
    expect(run({ '+': ['3.5abc'] })).toBe(3.5);
    expect(run({ '+': [] })).toBe(0);
    expect(run({ '+': 'x' })).toBeNaN();
    expect(run({ '-': [5, '2'] })).toBe(3);
    expect(run({ '-': [2] })).toBe(-2);
    expect(run({ '*': [2, '3', 4] })).toBe(24);
    expect(run({ '*': ['3'] })).toBe('3');
    expect(run({ '/': [1, 0] })).toBe(Infinity);
    expect(run({ '%': [-7, 3] })).toBe(-1);
    expect(run({ min: [3, 1, 2] })).toBe(1);
    expect(run({ max: [] })).toBe(-Infinity);
    expect(run({ max: ['4', 2] })).toBe(4);
  });

  it('extra math operators', () => {
    expect(run({ floor: 2.7 })).toBe(2);
    expect(run({ ceil: [2.1] })).toBe(3);
    expect(run({ abs: -4 })).toBe(4);
    expect(run({ round: 2.5 })).toBe(3);
    expect(run({ round: -2.5 })).toBe(-2);
    expect(run({ clamp: [15, 0, 10] })).toBe(10);
    expect(run({ clamp: [-1, 0, 10] })).toBe(0);
    expect(run({ clamp: [{ var: 'x' }, 1, 6] }, { x: 4 })).toBe(4);
    expect(compileError({ clamp: [1, 2] }).diagnostics[0]!.message).toMatch(/exactly three/);
  });

  it('refuses {"*": []} at compile time', () => {
    expect(compileError({ '*': [] }).diagnostics[0]!.pointer).toBe('/*');
  });
});

describe('var', () => {
  const data = { a: { b: [10, 20, { c: 'deep' }] }, s: 'hey', n: null, z: 0, '': 'empty-key', 'x.y': 'dotted' };

  it('reads paths, indices and defaults', () => {
    expect(run({ var: 'a.b.1' }, data)).toBe(20);
    expect(run({ var: 'a.b.2.c' }, data)).toBe('deep');
    expect(run({ var: ['a.b.9', 'dflt'] }, data)).toBe('dflt');
    expect(run({ var: 'missing' }, data)).toBe(null);
    expect(run({ var: 'z' }, data)).toBe(0);
    expect(run({ var: 1 }, ['x', 'y'])).toBe('y');
    expect(run({ var: ['s.0'] }, data)).toBe('h');
    expect(run({ var: 's.length' }, data)).toBe(3);
    expect(run({ var: 'a.b.length' }, data)).toBe(3);
  });

  it('returns the whole data for "", null or no path', () => {
    expect(run({ var: '' }, data)).toBe(data);
    expect(run({ var: null }, data)).toBe(data);
    expect(run({ var: [] }, data)).toBe(data);
    expect(run({ var: ['', 5] }, 7)).toBe(7);
  });

  it('keeps a null found at the end of the path, but defaults a null on the way', () => {
    expect(run({ var: ['n', 5] }, data)).toBe(null);
    expect(run({ var: ['n.x', 5] }, data)).toBe(5);
  });

  it('supports computed paths and computed defaults', () => {
    expect(run({ var: { cat: ['a.b.', { var: 'i' }] } }, { a: { b: [1, 2] }, i: 1 })).toBe(2);
    expect(run({ var: ['nope', { '+': [1, 2] }] }, {})).toBe(3);
    expect(run({ var: [{ var: 'p' }, 'd'] }, { p: 'q', q: 9 })).toBe(9);
    expect(run({ var: [['a']] }, { a: 1 })).toBe(1); // String(["a"]) is "a"
  });

  it('reads own properties only', () => {
    // json-logic-js answers "Object" here. A literal path naming "constructor" is refused at
    // compile time (see below); the same path computed at run time reads as missing.
    expect(() => compileExpression({ var: 'constructor.name' }, opts)).toThrow(PhasebookError);
    expect(run({ var: { cat: ['constructor', '.name'] } }, {})).toBe(null);
    expect(run({ var: 'toString' }, {})).toBe(null);
    expect(run({ var: 'hasOwnProperty' }, {})).toBe(null);
    expect(run({ var: 'a.map' }, { a: [] })).toBe(null);
    expect(run({ var: ['s.toUpperCase', 'd'] }, { s: 'x' })).toBe('d');
  });

  it('rejects __proto__, constructor and prototype in literal paths at compile time', () => {
    for (const path of ['__proto__', 'a.constructor', 'x.prototype.y']) {
      const err = compileError({ if: [true, { var: [path, 1] }] }, '/phases/0/when');
      expect(err.diagnostics[0]!.pointer).toBe('/phases/0/when/if/1/var/0');
      expect(err.diagnostics[0]!.message).toMatch(/not allowed/);
    }
    expect(compileError({ var: 'constructor' }).diagnostics[0]!.pointer).toBe('/var');
  });

  it('treats those segments as missing in computed paths', () => {
    const polluted = JSON.parse('{"__proto__": {"x": 1}, "a": {"constructor": 2}}') as unknown;
    expect(run({ var: [{ cat: ['__proto__', '.x'] }, 'no'] }, polluted)).toBe('no');
    expect(run({ var: [{ cat: ['a.', 'constructor'] }] }, polluted)).toBe(null);
    expect(run({ var: [{ cat: ['constructor', '.name'] }] }, {})).toBe(null);
    expect(run({ missing: [{ cat: ['constructor'] }] }, {})).toEqual(['constructor']);
  });
});

describe('missing', () => {
  it('missing lists null, "" and absent keys', () => {
    expect(run({ missing: ['a', 'b', 'c'] }, { a: 1, b: '' })).toEqual(['b', 'c']);
    expect(run({ missing: [['a', 'b']] }, { b: 0 })).toEqual(['a']);
    expect(run({ missing: { merge: ['a', 'b'] } }, { a: 1 })).toEqual(['b']);
    expect(run({ missing: 'x.y' }, { x: { y: false } })).toEqual([]);
  });

  it('missing_some', () => {
    expect(run({ missing_some: [1, ['a', 'b', 'c']] }, { a: 'x' })).toEqual([]);
    expect(run({ missing_some: [2, ['a', 'b', 'c']] }, { a: 'x' })).toEqual(['b', 'c']);
    expect(run({ missing_some: [0, []] }, {})).toEqual([]);
    expect(() => run({ missing_some: [1, null] }, {})).toThrow(ExpressionRuntimeError);
  });
});

describe('strings and arrays', () => {
  it('cat and substr', () => {
    expect(run({ cat: ['a', null, [1, 2], true, 3] })).toBe('a1,2true3');
    expect(run({ cat: [] })).toBe('');
    expect(run({ substr: ['jsonlogic', 4] })).toBe('logic');
    expect(run({ substr: ['jsonlogic', -5] })).toBe('logic');
    expect(run({ substr: ['jsonlogic', 1, 3] })).toBe('son');
    expect(run({ substr: ['jsonlogic', 4, -2] })).toBe('log');
  });

  it('in', () => {
    expect(run({ in: ['Spring', 'Springfield'] })).toBe(true);
    expect(run({ in: [1, 'a1'] })).toBe(true);
    expect(run({ in: ['b', ['a', 'b']] })).toBe(true);
    expect(run({ in: ['1', [1]] })).toBe(false);
    expect(run({ in: ['a', null] })).toBe(false);
    expect(run({ in: ['a', 5] })).toBe(false);
    expect(run({ in: ['a', { x: 1, y: 2 }] })).toBe(false);
    expect(run({ in: [{ var: 'x' }, ['a', 'b']] }, { x: 'a' })).toBe(true);
  });

  it('merge flattens one level', () => {
    expect(run({ merge: [1, [2, [3]], []] })).toEqual([1, 2, [3]]);
    expect(run({ merge: [] })).toEqual([]);
  });
});

describe('iteration', () => {
  const data = { xs: [1, 2, 3, 4], people: [{ hp: 3 }, { hp: 0 }] };

  it('map / filter / reduce scope var to the element', () => {
    expect(run({ map: [{ var: 'xs' }, { '*': [{ var: '' }, 2] }] }, data)).toEqual([2, 4, 6, 8]);
    expect(run({ filter: [{ var: 'xs' }, { '%': [{ var: '' }, 2] }] }, data)).toEqual([1, 3]);
    expect(run({ filter: [{ var: 'people' }, { '>': [{ var: 'hp' }, 0] }] }, data)).toEqual([{ hp: 3 }]);
    expect(run({ reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 0] }, data)).toBe(10);
    expect(run({ reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }] }, data)).toBeNaN();
    expect(run({ reduce: ['nope', 1, 7] })).toBe(7);
    expect(run({ map: ['nope', 1] })).toEqual([]);
    expect(run({ map: [[1, 2]] })).toEqual([undefined, undefined]);
  });

  it('all / none / some', () => {
    expect(run({ all: [{ var: 'xs' }, { '>': [{ var: '' }, 0] }] }, data)).toBe(true);
    expect(run({ all: [[], true] })).toBe(false);
    expect(run({ none: [[], true] })).toBe(true);
    expect(run({ some: [{ var: 'people' }, { '==': [{ var: 'hp' }, 0] }] }, data)).toBe(true);
    expect(run({ some: [[], true] })).toBe(false);
    expect(run({ none: [[0, ''], { var: '' }] })).toBe(true);
  });

  it('does not evaluate extra arguments of iteration operators', () => {
    const dice = new Dice(1);
    run({ map: [[1], 1, { roll: ['1d6'] }] }, {}, { dice });
    expect(dice.roll('roll', '1d6').label).toBe('roll');
  });
});

describe('roll', () => {
  it('rolls under labelPrefix.suffix and returns the total', () => {
    const seen: RollResult[] = [];
    const dice = new Dice(3, new Map([['r1.orc.attack', '17']]), (r) => seen.push(r));
    const f = compileExpression({ '+': [{ roll: ['1d20', 'attack'] }, 2] }, opts);
    expect(f({}, createEvalContext({ dice, labelPrefix: 'r1.orc' }))).toBe(19);
    expect(seen.map((r) => r.label)).toEqual(['r1.orc.attack']);
    const g = compileExpression({ roll: '2D' }, opts);
    const total = g({}, createEvalContext({ dice, labelPrefix: 'r1.orc' })) as number;
    expect(seen[1]!.label).toBe('r1.orc.roll');
    expect(total).toBe(seen[1]!.total);
    expect(g({}, createEvalContext({ dice, labelPrefix: 'r2.orc' }))).toBe(seen[2]!.total);
    expect(seen[2]!.label).toBe('r2.orc.roll');
    g({}, createEvalContext({ dice, labelPrefix: 'r2.orc' }));
    expect(seen[3]!.label).toBe('r2.orc.roll#2');
  });

  it('computes notation and suffix', () => {
    const dice = new Dice(3, new Map([['p.dmg-2', '2,3']]));
    const expr = { roll: [{ cat: [{ var: 'n' }, 'd6'] }, { cat: ['dmg-', { var: 'n' }] }] };
    expect(run(expr, { n: 2 }, { dice, labelPrefix: 'p' })).toBe(5);
  });

  it('throws a located error without dice, or on bad runtime notation', () => {
    expect(() => run({ if: [true, { roll: ['1d6'] }] }, {})).toThrow(/without dice/);
    try {
      run({ roll: [{ var: 'n' }] }, { n: '2x' }, { dice: new Dice(1) });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ExpressionRuntimeError);
      expect((e as ExpressionRuntimeError).pointer).toBe('/roll');
      expect((e as Error).message).toMatch(/invalid dice notation "2x"/);
    }
  });

  it('checks literal notation at compile time', () => {
    const err = compileError({ '+': [{ roll: ['2d', 'x'] }] }, '/a');
    expect(err.diagnostics[0]!.pointer).toBe('/a/+/0/roll/0');
    expect(err.diagnostics[0]!.message).toMatch(/missing number of sides/);
    expect(compileError({ roll: [] }).diagnostics[0]!.pointer).toBe('/roll');
  });
});

describe('compile-time rejection', () => {
  it('rejects unknown operators at the operator pointer with a suggestion and location', () => {
    const locate = (p: string): { line: number; col: number } => ({ line: p.length, col: 7 });
    const expr = { and: [true, { filtr: [[1], true] }] };
    const err = compileError(expr, '/phases/2/steps/0/select', locate);
    const d = err.diagnostics[0]!;
    expect(d.pointer).toBe('/phases/2/steps/0/select/and/1/filtr');
    expect(d.message).toMatch(/unknown operator "filtr" \(did you mean "filter"\?\)/);
    expect(d.line).toBe('/phases/2/steps/0/select/and/1/filtr'.length);
    expect(d.col).toBe(7);
    expect(d.file).toBe('rules.json');
    expect(err.message).toContain('rules.json:');
  });

  it('defaults to 1:1 without locate and escapes the pointer', () => {
    const d = compileError({ 'a/b': 1 }).diagnostics[0]!;
    expect(d).toMatchObject({ line: 1, col: 1, pointer: '/a~1b', severity: 'error' });
  });

  it('reports every unknown operator at once', () => {
    const err = compileError([{ foo: 1 }, { '+': [{ bar: 2 }] }, { maxx: [1] }]);
    expect(err.diagnostics.map((d) => d.pointer)).toEqual(['/0/foo', '/1/+/0/bar', '/2/maxx']);
    expect(err.diagnostics[2]!.message).toMatch(/did you mean "max"/);
  });

  it('rejects log, and names of Object.prototype', () => {
    expect(compileError({ log: 'x' }).diagnostics[0]!.message).toMatch(/"log" is not allowed/);
    expect(compileError({ toString: [] }).diagnostics[0]!.message).toMatch(/unknown operator "toString"/);
    expect(compileError(JSON.parse('{"__proto__": 1}')).diagnostics[0]!.pointer).toBe('/__proto__');
    expect(compileError({ 'Math.max': [1] }).diagnostics[0]!.message).toMatch(/unknown operator/);
  });

  it('rejects unknown operators even in branches that are never taken', () => {
    expect(() => compileExpression({ if: [false, { nope: 1 }, 2] }, opts)).toThrow(PhasebookError);
  });

  it('limits nesting depth', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_EXPRESSION_DEPTH - 1; i++) deep = { '+': [deep] };
    expect(run(deep)).toBe(1);
    const tooDeep = { '+': [deep] };
    const d = compileError(tooDeep, '/x').diagnostics[0]!;
    expect(d.message).toMatch(/nested too deeply/);
    expect(d.pointer).toBe('/x' + '/+/0'.repeat(MAX_EXPRESSION_DEPTH));
    let arrays: unknown = 1;
    for (let i = 0; i < MAX_EXPRESSION_DEPTH; i++) arrays = [arrays];
    expect(() => compileExpression(arrays, opts)).toThrow(/nested too deeply/);
    let obj: unknown = 1;
    for (let i = 0; i < 40; i++) obj = { a: obj, b: 1 };
    expect(() => compileExpression(obj, opts)).toThrow(/nested too deeply/);
  });

  it('limits the number of nodes', () => {
    const big = { '+': new Array<number>(MAX_EXPRESSION_NODES).fill(1) };
    expect(() => compileExpression(big, opts)).toThrow(/too large/);
    const ok = { '+': new Array<number>(MAX_EXPRESSION_NODES - 1).fill(1) };
    expect(run(ok)).toBe(MAX_EXPRESSION_NODES - 1);
  });
});

describe('runtime budget', () => {
  it('counts one step per operator and throws when exceeded', () => {
    const f = compileExpression({ '+': [{ var: 'a' }, { '*': [2, 3] }] }, opts);
    const ctx = createEvalContext({ maxSteps: 100 });
    f({ a: 1 }, ctx);
    expect(ctx.steps).toBe(3);
    const tight = createEvalContext({ maxSteps: 2 });
    expect(() => f({ a: 1 }, tight)).toThrow(ExpressionBudgetError);
  });

  it('counts iterations and rejects over-long arrays', () => {
    const f = compileExpression({ map: [{ var: 'xs' }, 1] }, opts);
    const ctx = createEvalContext({ maxSteps: 1e9 });
    f({ xs: [1, 2, 3] }, ctx);
    expect(ctx.steps).toBe(5); // map + var + 3 elements
    const long = new Array<number>(MAX_ITERATION_LENGTH + 1).fill(0);
    expect(() => f({ xs: long }, ctx)).toThrow(/at most 10000/);
    try {
      f({ xs: long }, ctx);
    } catch (e) {
      expect((e as ExpressionBudgetError).kind).toBe('iteration');
      expect((e as ExpressionBudgetError).pointer).toBe('/map');
    }
  });

  it('stops merge and cat from doubling forever', () => {
    const doubleArr = { reduce: [{ var: 'xs' }, { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]] };
    const doubleStr = { reduce: [{ var: 'xs' }, { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'] };
    const xs = new Array<number>(60).fill(0);
    expect(() => run(doubleArr, { xs }, { maxSteps: 1e9 })).toThrow(/longer than 10000/);
    expect(() => run(doubleStr, { xs }, { maxSteps: 1e9 })).toThrow(/longer than 100000/);
  });

  it('stops runaway nesting of iterations by steps', () => {
    const xs = new Array<number>(1000).fill(0);
    const expr = { map: [{ var: 'xs' }, { map: [{ var: '' }, 1] }] };
    const inner = { map: [{ var: 'xs' }, { map: [xs, { map: [xs, 1] }] }] };
    expect(() => run(inner, { xs }, { maxSteps: 1e6 })).toThrow(/step budget exceeded \(1000000 steps\)/);
    expect(run(expr, { xs: [[1, 2]] })).toEqual([[1, 1]]);
  });
});

describe('extra operators', () => {
  it('accepts extra operator definitions', () => {
    const twice = fixedOp('twice', (a) => (a as number) * 2);
    const f = compileExpression({ twice: { var: 'x' } }, { ...opts, extraOps: [twice] });
    expect(f({ x: 4 }, createEvalContext())).toBe(8);
    expect(() => compileExpression({ twice: 1 }, opts)).toThrow(/unknown operator "twice"/);
    expect(() => compileExpression(1, { ...opts, extraOps: [fixedOp('+', () => 0)] })).toThrow(/already defined/);
  });
});

describe('collectVarPaths and knownOperators', () => {
  it('collects literal var paths with pointers', () => {
    const expr = {
      and: [
        { '>': [{ var: 'actor.hp' }, 0] },
        { some: [{ var: 'sides' }, { '==': [{ var: 'id' }, { var: ['target.side', 'none'] }] }] },
        { var: 3 },
        { var: '' },
        { var: [{ var: 'dyn' }] },
        { a: { var: 'not-evaluated' }, b: 1 },
      ],
    };
    expect(collectVarPaths(expr, '/when')).toEqual([
      { path: 'actor.hp', pointer: '/when/and/0/>/0/var', scoped: false },
      { path: 'sides', pointer: '/when/and/1/some/0/var', scoped: false },
      { path: 'id', pointer: '/when/and/1/some/1/==/0/var', scoped: true },
      { path: 'target.side', pointer: '/when/and/1/some/1/==/1/var/0', scoped: true },
      { path: '3', pointer: '/when/and/2/var', scoped: false },
      { path: 'dyn', pointer: '/when/and/4/var/0/var', scoped: false },
    ]);
  });

  it('lists the operators', () => {
    const ops = knownOperators();
    for (const op of ['if', '?:', 'var', 'missing_some', 'reduce', 'roll', 'clamp', 'substr']) expect(ops).toContain(op);
    expect(ops).not.toContain('log');
    expect([...ops].sort()).toEqual(ops);
  });
});
