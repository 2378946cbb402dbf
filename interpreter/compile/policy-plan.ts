/**
 * The default policy as the engine reads it at a declaration, planned once per compiled ruleset:
 * for each phase, the entries whose action can be declared in it (the others are never looked
 * at), each with the expressions left to evaluate (an absent one is no expression), and whether
 * its `when` may be evaluated before its action's `requires` (neither can roll: see may-roll.ts).
 */
import { alwaysTrue } from './constants.js';
import type { Fn } from './evaluator.js';
import { mayRoll } from './may-roll.js';
import type { CompiledRuleset, CPolicy } from './types.js';

export interface PlannedEntry {
  p: CPolicy;
  /** The action's requires, when declarations check it and it is written; else null. */
  requires: Fn | null;
  /** The entry's when, if written; else null. */
  when: Fn | null;
  /** `when` is evaluated first: neither expression can roll, so the order leaves no trace. */
  whenFirst: boolean;
}

/** Planned once per compiled ruleset (an engine keeps its ruleset's plan: run/declare.ts). */
const PLANS = new WeakMap<CompiledRuleset, Map<string, PlannedEntry[]>>();

/** The entries that can declare in each phase, in policy order (a phase absent: none can). */
export function policyPlan(rs: CompiledRuleset): Map<string, PlannedEntry[]> {
  return PLANS.get(rs) ?? planOf(rs);
}

function planOf(rs: CompiledRuleset): Map<string, PlannedEntry[]> {
  const plan = new Map<string, PlannedEntry[]>();
  const checksRequires = rs.declare.time.checksRequiresWhenDeclared;
  for (const p of rs.policy) {
    const requires = checksRequires && !alwaysTrue(p.action.requires) ? p.action.requires : null;
    const when = alwaysTrue(p.when) ? null : p.when;
    const whenFirst = requires !== null && when !== null && !mayRoll(p.action.def.requires, rs.def) && !mayRoll(p.def.when, rs.def);
    const entry: PlannedEntry = { p, requires, when, whenFirst };
    for (const phase of p.action.phases) {
      let list = plan.get(phase);
      if (!list) plan.set(phase, (list = []));
      list.push(entry);
    }
  }
  PLANS.set(rs, plan);
  return plan;
}
