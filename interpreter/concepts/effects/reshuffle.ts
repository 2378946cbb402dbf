import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { reshuffle } from '../../run/decks.js';

/** Bring a deck's discards back into its pile now (at a rule's moment: a moment's effect, an action). */
export default {
  op: 'reshuffle',
  description: 'Shuffle a deck’s discards back into its pile now (cards still held stay out).',
  compile(e, cx) {
    return (_f, eng) => {
      const deck = eng.rs.decks.get(e.deck);
      if (!deck) throw cx.ev.at(`${cx.ptr}/deck`, `unknown deck "${e.deck}"`);
      reshuffle(eng, deck, 'effect');
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'reshuffle' }>>;
