import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

export default {
  op: 'note',
  description: 'A line of text in the timeline, about the actor.',
  compile: (e) => (f, eng) => {
    eng.emit('note', { combatant: f.actor.id, text: e.text });
  },
} satisfies EffectDef<Extract<Effect, { op: 'note' }>>;
