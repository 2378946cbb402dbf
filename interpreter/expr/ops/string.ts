/** Strings: cat and substr, with json-logic-js's coercions. */
import { MAX_STRING_RESULT_LENGTH, fixedOp, variadicOp, type OpSite } from './core.js';

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

export const catOp = variadicOp('cat', {
  many: (values, _data, site) => bounded(values.join(''), site),
  one: (a) => str(a),
  two: (a, b, site) => bounded(str(a) + str(b), site),
});

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
