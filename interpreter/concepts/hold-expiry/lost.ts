import type { HoldExpiry } from '../types.js';

export default {
  name: 'lost',
  description: 'A held action not taken by the end of the round is lost.',
  expire(eng, c) {
    eng.emit('note', { combatant: c.id, text: 'the held action is lost' });
  },
} satisfies HoldExpiry;
