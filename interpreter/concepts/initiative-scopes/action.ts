import { num } from '../../compile/evaluator.js';
import type { InitiativeScope } from '../types.js';

/** Each declared action has its own initiative: the action's own formula, or the ruleset's. */
export default {
  name: 'action',
  description: "Each declared action has its own initiative (its own formula, or the ruleset's), given when it is declared.",
  roll() {},
  declared(eng, d) {
    const { c, action, target } = d;
    const data = { actor: c.view, action: action.view, target: target?.view ?? null };
    const label = `initiative.${c.id}.${action.def.id}`;
    d.initiative = action.initiative
      ? ((eng.rs.evaluator.ctx.labelPrefix = `r${eng.round}.${label}`), num(action.initiative(eng.base(data))))
      : eng.initiativeValue(label, data, false);
    eng.emit('initiative', { who: `${c.id}.${action.def.id}`, scope: 'action', value: d.initiative });
  },
} satisfies InitiativeScope;
