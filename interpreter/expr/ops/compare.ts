/** Comparison: JavaScript's own (loose and strict) equality and relational operators. */
import { fixedOp } from './core.js';

type N = number;

/* eslint-disable eqeqeq */
export const looseEqualOp = fixedOp('==', (a, b) => a == b);
export const strictEqualOp = fixedOp('===', (a, b) => a === b);
export const looseNotEqualOp = fixedOp('!=', (a, b) => a != b);
export const strictNotEqualOp = fixedOp('!==', (a, b) => a !== b);
export const greaterOp = fixedOp('>', (a, b) => (a as N) > (b as N));
export const greaterEqualOp = fixedOp('>=', (a, b) => (a as N) >= (b as N));
/** With a third argument (not undefined), `<` and `<=` test "between": a < b < c. */
export const lessOp = fixedOp('<', (a, b, c) => (c === undefined ? (a as N) < (b as N) : (a as N) < (b as N) && (b as N) < (c as N)));
export const lessEqualOp = fixedOp('<=', (a, b, c) =>
  c === undefined ? (a as N) <= (b as N) : (a as N) <= (b as N) && (b as N) <= (c as N),
);
