import type { Cmb } from '../../run/types.js';
import type { TurnMode } from '../types.js';

/**
 * Each combatant plays all phases in a turn of its own, highest first (tied ones together). The
 * queue is re-sorted before every turn (run/round.ts, playCombatantTurns).
 */
export default {
  name: 'combatant',
  description: 'Each combatant plays all phases in a turn of its own, in the turn order; tied combatants share a turn.',
  playTurns(eng) {
    eng.playCombatantTurns();
  },
  toCome(eng, inTurn) {
    const ini = (c: Cmb) => (typeof c.view.initiative === 'number' ? c.view.initiative : -Infinity);
    // Before initiative is rolled, nobody's place is known yet.
    const waiting = eng.cmbs.filter(
      (c) =>
        !c.out &&
        typeof c.view.initiative === 'number' &&
        !eng.turnPlayed.has(c) &&
        !eng.endedTurn.has(c) &&
        !eng.holds.has(c) &&
        !inTurn.has(c.id),
    );
    waiting.sort((a, b) => ini(b) - ini(a) || a.index - b.index);
    const toCome: string[][] = [];
    for (const c of waiting) {
      const last = toCome[toCome.length - 1];
      if (last && ini(eng.byId.get(last[0]!)!) === ini(c)) last.push(c.id);
      else toCome.push([c.id]);
    }
    return toCome;
  },
} satisfies TurnMode;
