import type { HoldExpiry } from '../types.js';

/**
 * The hold outlasts the round: the holder may still step in during the next round (and that is
 * its turn of the round), until its own turn comes, when the held action is lost.
 */
export default {
  name: 'next-turn',
  description:
    'A held action not taken by the end of the round carries into the next round; the holder may still step in then, but the held action is lost when its own next turn comes.',
  expire(eng, c, spec) {
    if (eng.carriedHolds.has(c)) {
      // Carried once already, and still unused: it does not carry again.
      eng.carriedHolds.delete(c);
      eng.emit('note', { combatant: c.id, text: 'the held action is lost' });
      return;
    }
    eng.holds.set(c, spec);
    eng.carriedHolds.add(c);
    eng.emit('note', { combatant: c.id, text: 'keeps holding into the next round' });
  },
} satisfies HoldExpiry;
