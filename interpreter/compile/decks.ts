/**
 * Decks (`decks`) and the initiative deal (`initiative.deal`), compiled: every card of a deck
 * with its view, and the deal's expressions. Unknown sets and decks are located errors.
 */
import { CARD_SETS } from '../concepts/card-sets/index.js';
import type { CardView } from '../concepts/types.js';
import { joinPointer } from '../diagnostics.js';
import type { DeckDef, InitiativeDeal, Ruleset } from '../model/types.js';
import type { Evaluator, Fn } from './evaluator.js';

export interface CDeck {
  id: string;
  def: DeckDef;
  ptr: string;
  /** Every card of the deck, in the order the definition gives them. */
  cards: CardView[];
  /** Every card comes back before each round's deal. */
  everyRound: boolean;
  /** Drawing a card with one of these tags makes every card come back before the next deal. */
  after: ReadonlySet<string>;
}

export interface CDeal {
  deck: CDeck;
  count: Fn;
  keepAll: boolean;
  redrawBelow: Fn | null;
  share: Fn | null;
}

export function compileDecks(def: Ruleset, ev: Evaluator): Map<string, CDeck> {
  const out = new Map<string, CDeck>();
  for (const [id, d] of Object.entries(def.decks ?? {})) {
    const ptr = joinPointer('/decks', id);
    let raw: Array<{ id: string; rank: number; suit?: number; tags?: string[] }>;
    if (typeof d.cards === 'string') {
      const set = Object.hasOwn(CARD_SETS, d.cards) ? CARD_SETS[d.cards] : undefined;
      if (!set)
        throw ev.at(`${ptr}/cards`, `unknown set of cards "${d.cards}"; the built-in sets are ${Object.keys(CARD_SETS).join(', ')}`);
      raw = set.cards(d.jokers ?? 0);
    } else raw = d.cards;
    const cards = raw.map((c) => {
      const suit = c.suit ?? 0;
      return Object.freeze({
        id: c.id,
        deck: id,
        rank: c.rank,
        suit,
        value: c.rank * 10 + suit,
        tags: Object.freeze([...(c.tags ?? [])]) as string[],
      });
    });
    out.set(id, {
      id,
      def: d,
      ptr,
      cards,
      everyRound: d.reshuffle?.every === 'round',
      after: new Set(d.reshuffle?.after ?? []),
    });
  }
  return out;
}

export function compileDeal(deal: InitiativeDeal | undefined, decks: Map<string, CDeck>, ev: Evaluator): CDeal | null {
  if (!deal) return null;
  const ptr = '/initiative/deal';
  const deck = decks.get(deal.deck);
  if (!deck) throw ev.at(`${ptr}/deck`, `unknown deck "${deal.deck}"; the decks are ${[...decks.keys()].join(', ') || '(none)'}`);
  return {
    deck,
    count: ev.compileOr(deal.count, `${ptr}/count`, 1),
    keepAll: deal.keep === 'all',
    redrawBelow: deal.redrawBelow === undefined ? null : ev.compile(deal.redrawBelow, `${ptr}/redrawBelow`),
    share: deal.share === undefined ? null : ev.compile(deal.share, `${ptr}/share`),
  };
}
