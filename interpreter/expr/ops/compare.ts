/** Comparison: JavaScript's own (loose and strict) equality and relational operators. */
import { fixedOp } from './core.js';
import {
  GREATER,
  GREATER_EQUAL,
  LESS,
  LESS_EQUAL,
  LOOSE_EQUAL,
  LOOSE_NOT_EQUAL,
  STRICT_EQUAL,
  STRICT_NOT_EQUAL,
  withBinary,
} from './binary.js';

type N = number;

/* eslint-disable eqeqeq */
export const looseEqualOp = withBinary(
  fixedOp('==', (a, b) => a == b),
  LOOSE_EQUAL,
);
export const strictEqualOp = withBinary(
  fixedOp('===', (a, b) => a === b),
  STRICT_EQUAL,
);
export const looseNotEqualOp = withBinary(
  fixedOp('!=', (a, b) => a != b),
  LOOSE_NOT_EQUAL,
);
export const strictNotEqualOp = withBinary(
  fixedOp('!==', (a, b) => a !== b),
  STRICT_NOT_EQUAL,
);
export const greaterOp = withBinary(
  fixedOp('>', (a, b) => (a as N) > (b as N)),
  GREATER,
);
export const greaterEqualOp = withBinary(
  fixedOp('>=', (a, b) => (a as N) >= (b as N)),
  GREATER_EQUAL,
);
/** With a third argument (not undefined), `<` and `<=` test "between": a < b < c. */
export const lessOp = withBinary(
  fixedOp('<', (a, b, c) => (c === undefined ? (a as N) < (b as N) : (a as N) < (b as N) && (b as N) < (c as N))),
  LESS,
);
export const lessEqualOp = withBinary(
  fixedOp('<=', (a, b, c) => (c === undefined ? (a as N) <= (b as N) : (a as N) <= (b as N) && (b as N) <= (c as N))),
  LESS_EQUAL,
);
