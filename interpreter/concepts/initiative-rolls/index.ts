/** When initiative is rolled (`initiative.roll`), one file each. A new moment: one file and one line here. */
import type { InitiativeRoll } from '../types.js';
import everyRound from './every-round.js';
import once from './once.js';

export const INITIATIVE_ROLLS: Record<string, InitiativeRoll> = Object.fromEntries([everyRound, once].map((r) => [r.name, r]));
