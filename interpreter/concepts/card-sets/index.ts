/** Built-in sets of cards a deck may name (`decks.<id>.cards`), one file each. A new set: one file and one line here. */
import type { CardSet } from '../types.js';
import standard from './standard.js';

export const CARD_SETS: Record<string, CardSet> = Object.fromEntries([standard].map((s) => [s.name, s]));
