import { orderIntoGroups, type Orderable } from '../../run/ordering.js';
import type { TurnMode } from '../types.js';

/** Each side plays every phase in a turn of its own, in the turn order (sides tied play together). */
export default {
  name: 'side',
  description: 'Each side plays all phases in a turn of its own, in the turn order; tied sides share a turn.',
  playTurns(eng) {
    const items: Orderable[] = eng.sides.map((s) => ({
      id: s.id,
      listing: s.index,
      side: s.id,
      initiative: s.initiative,
      declSeq: 0,
      data: () => eng.base({ side: s.view }),
    }));
    const tiers = orderIntoGroups(items, eng.rs.turnOrder, eng.orderEnv(`r${eng.round}.turns`, false)).map((g) => g.map((x) => x.id));
    for (const tier of tiers) eng.playTurn(new Set(tier.flatMap((id) => eng.sideById.get(id)!.members)), tier);
  },
  toCome(eng, inTurn, turn) {
    const at = eng.sideOrder.findIndex((tier) => tier.some((s) => inTurn.has(s)));
    return eng.phase === undefined && turn === null && eng.step === undefined
      ? eng.sideOrder.map((t) => [...t])
      : eng.sideOrder.slice(at + 1).map((t) => [...t]);
  },
} satisfies TurnMode;
