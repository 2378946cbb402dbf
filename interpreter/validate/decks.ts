/**
 * Decks: every deck a document names exists ("did you mean"), a deck's own cards have unique
 * ids, and reshuffle.after names tags its cards have.
 */
import { CARD_SETS } from '../concepts/card-sets/index.js';
import { joinPointer } from '../diagnostics.js';
import type { Effect, Ruleset } from '../model/types.js';
import { closestName } from './precompiled.js';
import type { Problem } from './expressions.js';
import { EFFECT_ROOTS, forEachObjectUnder, pointerOf, treeOf } from './tree.js';

export function checkDecks(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const decks = rs.decks ?? {};
  const ids = Object.keys(decks);
  const unknown = (name: string, pointer: string) => {
    const near = closestName(name, ids);
    problems.push({
      pointer,
      message: `unknown deck "${name}"${near !== undefined ? `; did you mean "${near}"?` : ids.length ? `; the decks are ${ids.join(', ')}` : '; this ruleset defines no decks (add them under "decks")'}`,
    });
  };
  const deal = rs.initiative.deal;
  if (deal && !Object.hasOwn(decks, deal.deck)) unknown(deal.deck, '/initiative/deal/deck');
  // Effects that name a deck ({"op": "reshuffle", "deck": …}), wherever effects are.
  const tree = treeOf(rs);
  forEachObjectUnder(tree, EFFECT_ROOTS, (v, i) => {
    const e = v as Partial<Effect> & Record<string, unknown>;
    if (typeof e.op === 'string' && typeof e.deck === 'string' && !Object.hasOwn(decks, e.deck))
      unknown(e.deck, `${pointerOf(tree, i)}/deck`);
  });
  for (const [id, d] of Object.entries(decks)) {
    const ptr = joinPointer('/decks', id);
    let tags: Set<string>;
    if (typeof d.cards === 'string') {
      const set = Object.hasOwn(CARD_SETS, d.cards) ? CARD_SETS[d.cards]! : undefined;
      tags = new Set(set ? set.cards(d.jokers ?? 0).flatMap((c) => c.tags) : []);
      if (set && d.jokers) tags.add('joker');
    } else {
      const seen = new Map<string, number>();
      d.cards.forEach((c, i) => {
        if (seen.has(c.id))
          problems.push({
            pointer: `${ptr}/cards/${i}/id`,
            message: `duplicate card id "${c.id}" (also at ${ptr}/cards/${seen.get(c.id)})`,
          });
        else seen.set(c.id, i);
      });
      tags = new Set(d.cards.flatMap((c) => c.tags ?? []));
    }
    (d.reshuffle?.after ?? []).forEach((t, i) => {
      if (tags.has(t)) return;
      const near = closestName(t, [...tags]);
      const why =
        typeof d.cards === 'string' && t === 'joker'
          ? '; add "jokers" to the deck'
          : near !== undefined
            ? `; did you mean "${near}"?`
            : `; its cards' tags are ${[...tags].join(', ') || '(none)'}`;
      problems.push({ pointer: `${ptr}/reshuffle/after/${i}`, message: `no card of deck "${id}" has the tag "${t}"${why}` });
    });
  }
  return problems;
}
