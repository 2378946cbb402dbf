/**
 * Named expressions: {"expr": "name"} evaluates the ruleset's `expressions.name` against the
 * same data, as if it were written in place. The names are the engine's (ctx.named, filled by
 * the compiler); the validator refuses unknown names and cycles before a run, and a chain of
 * names deeper than MAX_NAMED_DEPTH is refused at run time too (a document that skipped it).
 */
import { stepBudgetError, type CompiledExpr, type OpDefinition } from './core.js';

/** Named expressions may use each other at most this deep in one evaluation. */
export const MAX_NAMED_DEPTH = 64;

export const exprOp: OpDefinition = {
  name: 'expr',
  compile(args, site) {
    if (args.length !== 1) site.fail('"expr" names one named expression, e.g. {"expr": "attack-bonus"}');
    const k = site.constantArg(0)?.value;
    if (typeof k !== 'string' || k === '') {
      return site.fail('the name of "expr" must be written as a string, e.g. {"expr": "attack-bonus"}', site.argPointer(0));
    }
    const name = k;
    // The same closure runs under one evaluator context in practice: remember the lookup.
    let lastTable: ReadonlyMap<string, CompiledExpr> | undefined;
    let body: CompiledExpr | undefined;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const table = c.named;
      if (table !== lastTable) {
        lastTable = table;
        body = table?.get(name);
      }
      if (body === undefined) throw site.error(`unknown named expression "${name}" (the ruleset's "expressions" has no such name)`);
      const depth = c.namedDepth ?? 0;
      if (depth >= MAX_NAMED_DEPTH)
        throw site.error(`named expressions use each other more than ${MAX_NAMED_DEPTH} deep ("${name}"): a cycle?`);
      c.namedDepth = depth + 1;
      try {
        return body(d, c);
      } finally {
        c.namedDepth = depth;
      }
    };
  },
};
