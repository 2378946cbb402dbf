import { truthy } from '../../compile/evaluator.js';
import { orderIntoGroups, type Orderable } from '../../run/ordering.js';
import type { InitiativeScope } from '../types.js';
import type { CompiledRuleset } from '../../compile/types.js';

/**
 * Each side rolls one initiative; the referee's judgments (fared better, keep) may settle it
 * first. The winner holds initiative for the round.
 */
export default {
  name: 'side',
  description: 'Each side has one initiative; the side that wins it holds initiative for the round.',
  roll(eng) {
    const ini = eng.rs.initiative;
    const sideIds = eng.sides.map((s) => s.id);
    let decided: string | null = null;
    let roll = true;
    for (const j of ini.judgments) {
      const data = eng.baseData();
      if (!truthy(j.when(data))) continue;
      const options = [...sideIds, ...j.def.outcomes];
      let fallback = String(j.default(data));
      if (!options.includes(fallback)) fallback = j.def.outcomes.includes('roll') ? 'roll' : options[0]!;
      const chosen = eng.decide(`r${eng.round}.initiative.${j.def.id}`, options, fallback, 'referee');
      if (chosen === 'keep' && eng.holder) {
        decided = eng.holder;
        roll = false;
      } else if (sideIds.includes(chosen)) {
        decided = chosen;
        roll = false;
      }
      break;
    }
    if (!roll && decided) {
      eng.holder = decided;
      const order: string[][] = [[decided]];
      for (const s of sideIds) if (s !== decided) order.push([s]);
      eng.sideOrder = order;
      for (const s of eng.sides) s.initiative = null;
    } else {
      const sides = eng.sides;
      const items = new Array<Orderable>(sides.length);
      for (let i = 0; i < sides.length; i++) {
        const s = sides[i]!;
        const value = eng.initiativeValue(`initiative.${s.id}`, { side: s.view }, ini.rolls.kept);
        s.initiative = value;
        items[i] = { id: s.id, listing: s.index, side: s.id, initiative: value, declSeq: 0, data: noData };
      }
      const groups = orderIntoGroups(items, orderingOf(ini), eng.orderEnv(`r${eng.round}.initiative`, false));
      const order = new Array<string[]>(groups.length);
      for (let i = 0; i < groups.length; i++) {
        const g = groups[i]!;
        const tier = new Array<string>(g.length);
        for (let j = 0; j < g.length; j++) tier[j] = g[j]!.id;
        order[i] = tier;
      }
      eng.sideOrder = order;
      const top = order[0]!;
      eng.holder = top.length === 1 ? top[0]! : null;
    }
    eng.refreshSideViews();
    const order = eng.sideOrder;
    for (let rank = 0; rank < order.length; rank++) {
      for (const id of order[rank]!) {
        const s = eng.sideById.get(id)!;
        eng.emit('initiative', { who: id, scope: 'side', value: s.initiative, rank, holder: eng.holder === id });
      }
    }
  },
} satisfies InitiativeScope;

/** A side's expression data as an item (no key reads it): a new empty object at each ask, one function for every item. */
const noData = (): Record<string, unknown> => ({});

/** The sides' ordering, by initiative then the ruleset's ties: made once per compiled initiative (it never changes). */
const ORDERINGS = new WeakMap<
  object,
  { keys: Array<(it: Orderable) => number>; ties: NonNullable<CompiledRuleset['initiative']['def']['ties']> | 'simultaneous' }
>();
function orderingOf(ini: CompiledRuleset['initiative']) {
  let o = ORDERINGS.get(ini);
  if (o === undefined) ORDERINGS.set(ini, (o = { keys: [(it: Orderable) => -(it.initiative ?? 0)], ties: ini.def.ties ?? 'simultaneous' }));
  return o;
}
