/** Strings: cat and substr, with json-logic-js's coercions. */
import { MAX_STRING_RESULT_LENGTH, fixedOp, stepBudgetError, variadicOp, type OpDefinition, type OpSite } from './core.js';

/** Array.prototype.join's view of one element: null and undefined are empty. */
function str(x: unknown): string {
  return typeof x === 'string' ? x : x === null || x === undefined ? '' : String(x);
}

function bounded(s: string, site: OpSite): string {
  if (s.length > MAX_STRING_RESULT_LENGTH) {
    throw site.budget('string', `"cat" would build a string longer than ${MAX_STRING_RESULT_LENGTH} characters`);
  }
  return s;
}

const catBase = variadicOp('cat', {
  many: (values, _data, site) => bounded(values.join(''), site),
  one: (a) => str(a),
  two: (a, b, site) => bounded(str(a) + str(b), site),
});

/**
 * `cat`: the values joined as Array.prototype.join('') joins them. Three or more arguments (a
 * roll label such as {"cat": ["damage", {"var": "local.n"}, "-x2"]}) are appended one by one,
 * without the array of values and the generic join.
 */
export const catOp: OpDefinition = {
  name: 'cat',
  compile(args, site) {
    const n = args.length;
    if (n < 3) return catBase.compile(args, site);
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      let s = '';
      for (let i = 0; i < n; i++) s += str(args[i]!(d, c));
      return bounded(s, site);
    };
  },
};

/**
 * substr [source, start, length]: String.prototype.substr; a negative length drops that many
 * characters from the end (PHP style), as json-logic-js does.
 */
export const substrOp = fixedOp('substr', (source, start, end) => {
  if ((end as number) < 0) {
    const temp = String(source).substr(start as number);
    return temp.substr(0, temp.length + (end as number));
  }
  return String(source).substr(start as number, end as number);
});
