import type { CardSet } from '../types.js';

const RANKS: Array<[string, number]> = [
  ['2', 2],
  ['3', 3],
  ['4', 4],
  ['5', 5],
  ['6', 6],
  ['7', 7],
  ['8', 8],
  ['9', 9],
  ['10', 10],
  ['J', 11],
  ['Q', 12],
  ['K', 13],
  ['A', 14],
];
/** Suits from lowest to highest, as card-initiative games break ties: clubs, diamonds, hearts, spades. */
const SUITS: Array<[string, string, number]> = [
  ['C', 'clubs', 1],
  ['D', 'diamonds', 2],
  ['H', 'hearts', 3],
  ['S', 'spades', 4],
];

/**
 * The standard 52-card deck: ids "2C" … "AS" (rank, then C/D/H/S), rank 2–14 (ace high), suit
 * 1–4 (clubs, diamonds, hearts, spades), tags the suit's name and "face" for J, Q, K. Jokers are
 * "joker-1", "joker-2"…: rank 15, suit 1, 2…, tag "joker".
 */
export default {
  name: 'standard',
  description:
    'The standard 52-card deck (ids 2C…AS; rank 2–14, ace high; suit 1–4: clubs, diamonds, hearts, spades), with the jokers asked for (joker-1…: rank 15, tag "joker").',
  cards(jokers) {
    const out: Array<{ id: string; rank: number; suit: number; tags: string[] }> = [];
    for (const [r, rank] of RANKS) {
      for (const [s, name, suit] of SUITS)
        out.push({ id: `${r}${s}`, rank, suit, tags: rank >= 11 && rank <= 13 ? [name, 'face'] : [name] });
    }
    for (let j = 1; j <= jokers; j++) out.push({ id: `joker-${j}`, rank: 15, suit: j, tags: ['joker'] });
    return out;
  },
} satisfies CardSet;
