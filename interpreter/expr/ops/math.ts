/**
 * Phasebook's numeric extras (not in json-logic-js): floor, ceil, abs, round, clamp.
 * They coerce like Math.* does (ToNumber). `round` is Math.round: halves round up (-2.5 → -2).
 * `clamp` is [x, lo, hi] → min(max(x, lo), hi), so hi wins when lo > hi.
 * The plain functions are exported so tests can give json-logic-js the very same operations.
 */
import { fixedOp, type OpDefinition } from './core.js';

type N = number;

export const mathFunctions = {
  floor: (a: unknown): number => Math.floor(a as N),
  ceil: (a: unknown): number => Math.ceil(a as N),
  abs: (a: unknown): number => Math.abs(a as N),
  round: (a: unknown): number => Math.round(a as N),
  clamp: (x: unknown, lo: unknown, hi: unknown): number => Math.min(Math.max(x as N, lo as N), hi as N),
} as const;

export const floorOp = fixedOp('floor', mathFunctions.floor);
export const ceilOp = fixedOp('ceil', mathFunctions.ceil);
export const absOp = fixedOp('abs', mathFunctions.abs);
export const roundOp = fixedOp('round', mathFunctions.round);

const clampBase = fixedOp('clamp', mathFunctions.clamp);
export const clampOp: OpDefinition = {
  name: 'clamp',
  compile(args, site) {
    if (args.length !== 3) site.fail(`"clamp" takes exactly three arguments [x, lo, hi], got ${args.length}`);
    return clampBase.compile(args, site);
  },
};
