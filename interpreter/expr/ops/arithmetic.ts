/**
 * Arithmetic with json-logic-js's exact coercions: `+` and `*` parseFloat every operand (so
 * `"3" + 1` is 4 and `"1,2"` counts as 1), `-`, `/`, `%` use JavaScript's ToNumber, `min`/`max`
 * are Math.min/Math.max. `{"+": []}` is 0; `{"*": [x]}` is x itself, unparsed.
 */
import { fixedOp, variadicOp, type OpDefinition } from './core.js';
import { DIVIDE, MAX, MIN, MINUS, PLUS, TIMES, withBinary } from './binary.js';

type N = number;

/**
 * parseFloat as json-logic-js applies it. For numbers parseFloat(String(x)) is x, except that
 * -0 becomes 0; `x + 0` gives exactly that without a string round trip.
 */
export function pf(x: unknown): number {
  return typeof x === 'number' ? x + 0 : parseFloat(x as string);
}

export const plusOp = withBinary(
  variadicOp('+', {
    many(values) {
      let acc = 0;
      for (let i = 0; i < values.length; i++) acc = pf(acc) + pf(values[i]);
      return acc;
    },
    one: (a) => 0 + pf(a),
    two: (a, b) => 0 + pf(a) + pf(b),
  }),
  PLUS,
);

const timesBase = variadicOp('*', {
  many(values) {
    // Array.prototype.reduce without an initial value: the first operand is not parsed.
    let acc: unknown = values[0];
    for (let i = 1; i < values.length; i++) acc = pf(acc) * pf(values[i]);
    return acc;
  },
  one: (a) => a,
  two: (a, b) => pf(a) * pf(b),
});

const timesChecked: OpDefinition = {
  name: '*',
  compile(args, site) {
    // json-logic-js throws "Reduce of empty array with no initial value" when it evaluates this;
    // we refuse it up front.
    if (args.length === 0) site.fail('"*" needs at least one argument');
    return timesBase.compile(args, site);
  },
};

export const timesOp = withBinary(timesChecked, TIMES);

export const minusOp = withBinary(
  fixedOp('-', (a, b) => (b === undefined ? -(a as N) : (a as N) - (b as N))),
  MINUS,
);
export const divideOp = withBinary(
  fixedOp('/', (a, b) => (a as N) / (b as N)),
  DIVIDE,
);
export const moduloOp = fixedOp('%', (a, b) => (a as N) % (b as N));

export const minOp = withBinary(
  variadicOp('min', {
    many: (values) => Math.min.apply(null, values as N[]),
    two: (a, b) => Math.min(a as N, b as N),
  }),
  MIN,
);
export const maxOp = withBinary(
  variadicOp('max', {
    many: (values) => Math.max.apply(null, values as N[]),
    two: (a, b) => Math.max(a as N, b as N),
  }),
  MAX,
);
