import { truthy } from '../../compile/evaluator.js';
import { orderIntoGroups, type Orderable } from '../../run/ordering.js';
import type { InitiativeScope } from '../types.js';

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
      eng.sideOrder = [[decided], ...sideIds.filter((s) => s !== decided).map((s) => [s])];
      for (const s of eng.sides) s.initiative = null;
    } else {
      const items: Orderable[] = eng.sides.map((s) => {
        const value = eng.initiativeValue(`initiative.${s.id}`, { side: s.view }, ini.rolls.kept);
        s.initiative = value;
        return { id: s.id, listing: s.index, side: s.id, initiative: value, declSeq: 0, data: () => ({}) };
      });
      const ordering = { keys: [(it: Orderable) => -(it.initiative ?? 0)], ties: ini.def.ties ?? 'simultaneous' };
      const groups = orderIntoGroups(items, ordering, eng.orderEnv(`r${eng.round}.initiative`, false));
      eng.sideOrder = groups.map((g) => g.map((x) => x.id));
      const top = eng.sideOrder[0]!;
      eng.holder = top.length === 1 ? top[0]! : null;
    }
    eng.refreshSideViews();
    eng.sideOrder.forEach((tier, rank) => {
      for (const id of tier) {
        const s = eng.sideById.get(id)!;
        eng.emit('initiative', { who: id, scope: 'side', value: s.initiative, rank, holder: eng.holder === id });
      }
    });
  },
} satisfies InitiativeScope;
