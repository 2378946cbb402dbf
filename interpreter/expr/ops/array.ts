/** Arrays: merge and in. */
import { MAX_ARRAY_RESULT_LENGTH, fixedOp, inFn, stepBudgetError, variadicOp, type OpDefinition } from './core.js';
import { FUSED, fuseRooted } from './fused.js';

/** `merge` flattens one level: [].concat(a, b, …). */
export const mergeOp = variadicOp('merge', {
  many(values, _data, site) {
    const out = ([] as unknown[]).concat(...values);
    if (out.length > MAX_ARRAY_RESULT_LENGTH) {
      throw site.budget('array', `"merge" would build an array longer than ${MAX_ARRAY_RESULT_LENGTH} elements`);
    }
    return out;
  },
});

const inBase = fixedOp('in', inFn);

export const inOp: OpDefinition = {
  name: 'in',
  compile(args, site) {
    // A literal haystack is only searched, never returned, so the frozen template can be shared
    // instead of being rebuilt on every evaluation.
    const hay = site.constantArg(1);
    if (args.length === 2 && hay !== undefined) {
      const needle = args[0]!;
      const haystack = hay.value;
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        return inFn(needle(d, c), haystack);
      };
    }
    if (args.length !== 2) return inBase.compile(args, site);
    // Own closures rather than fixedOp's shared one, so that inFn's call can be inlined.
    const haystack = args[1]!;
    const k = site.constantArg(0);
    if (k !== undefined && (typeof k.value !== 'object' || k.value === null)) {
      const needle = k.value;
      // A rooted var as the haystack ({"in": ["ranged", {"var": "actor.tags"}]}): one closure (fused.ts).
      const fused = fuseRooted(haystack, FUSED.in, needle, site);
      if (fused !== undefined) return fused;
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        return inFn(needle, haystack(d, c));
      };
    }
    const needle = args[0]!;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const a = needle(d, c);
      return inFn(a, haystack(d, c));
    };
  },
};
