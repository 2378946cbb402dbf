import type { HoldMode } from '../types.js';

/** Wait until the end of the round: every waiter comes back then, together, and declares anew. */
export default {
  name: 'round-end',
  description: 'Wait: act at the very end of the round, with everyone else who waited.',
  replaysTurn: false,
  resumesAtRoundEnd: true,
  start(eng, f) {
    eng.emit('note', { combatant: f.actor.id, text: 'waits until the end of the round' });
  },
} satisfies HoldMode;
