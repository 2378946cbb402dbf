/** What becomes of a held action unused at the end of the round (`hold`'s `expires`). A new one: one file and one line here. */
import type { HoldExpiry } from '../types.js';
import lost from './lost.js';
import firstNextRound from './first-next-round.js';
import nextTurn from './next-turn.js';

export const HOLD_EXPIRIES: Record<string, HoldExpiry> = Object.fromEntries([lost, firstNextRound, nextTurn].map((x) => [x.name, x]));
