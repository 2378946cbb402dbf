/**
 * The operator table. Adding an operator: write its OpDefinition in a family file, add one line
 * here. Nothing else in the compiler knows operator names.
 *
 * Deliberately absent: `log` (a side effect), json-logic-js's dotted method names, `method`.
 */
import { absOp, ceilOp, clampOp, floorOp, roundOp } from './math.js';
import { divideOp, maxOp, minOp, minusOp, moduloOp, plusOp, timesOp } from './arithmetic.js';
import { inOp, mergeOp } from './array.js';
import {
  greaterEqualOp,
  greaterOp,
  lessEqualOp,
  lessOp,
  looseEqualOp,
  looseNotEqualOp,
  strictEqualOp,
  strictNotEqualOp,
} from './compare.js';
import { missingOp, missingSomeOp, varOp } from './data.js';
import { allOp, filterOp, mapOp, noneOp, reduceOp, someOp } from './iterate.js';
import { andOp, ifOp, notNotOp, notOp, orOp, ternaryOp } from './logic.js';
import { rollOp, sharedRollOp } from './roll.js';
import { catOp, substrOp } from './string.js';
import { exprOp } from './named.js';
import type { OpDefinition } from './core.js';

const TABLE: readonly OpDefinition[] = [
  // logic
  ifOp,
  ternaryOp,
  andOp,
  orOp,
  notOp,
  notNotOp,
  // comparison
  looseEqualOp,
  strictEqualOp,
  looseNotEqualOp,
  strictNotEqualOp,
  greaterOp,
  greaterEqualOp,
  lessOp,
  lessEqualOp,
  // arithmetic
  plusOp,
  minusOp,
  timesOp,
  divideOp,
  moduloOp,
  minOp,
  maxOp,
  // data
  varOp,
  missingOp,
  missingSomeOp,
  // strings
  catOp,
  substrOp,
  // arrays
  inOp,
  mergeOp,
  mapOp,
  filterOp,
  reduceOp,
  allOp,
  noneOp,
  someOp,
  // Phasebook extras
  floorOp,
  ceilOp,
  absOp,
  roundOp,
  clampOp,
  rollOp,
  sharedRollOp,
  exprOp,
];

export const BUILTIN_OPS: ReadonlyMap<string, OpDefinition> = new Map(TABLE.map((op) => [op.name, op]));

if (BUILTIN_OPS.size !== TABLE.length) throw new Error('duplicate operator name in the operator table');

export * from './core.js';
export { mathFunctions } from './math.js';
export { pf } from './arithmetic.js';
export { lookup } from './data.js';
