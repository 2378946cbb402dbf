import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { drawForEffect } from '../../run/decks.js';

/** Draw one card now, under a label a table can pin, into `local.<as>`; it is discarded at once. */
export default {
  op: 'draw',
  description: 'Draw one card from a deck now (labelled, so a table can pin it) and keep it in local.<as>; it goes to the discard pile.',
  compile(e, cx) {
    return (f, eng) => {
      const deck = eng.rs.decks.get(e.deck);
      if (!deck) throw cx.ev.at(`${cx.ptr}/deck`, `unknown deck "${e.deck}"`);
      f.local[e.as] = drawForEffect(eng, deck, `${f.prefix}.${e.label}`, f.actor.id);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'draw' }>>;
