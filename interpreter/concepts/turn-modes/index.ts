/** Turn modes (`round.turns.by`), one file each. A new mode: one file and one line here. */
import type { TurnMode } from '../types.js';
import none from './none.js';
import side from './side.js';
import combatant from './combatant.js';
import elective from './elective.js';

export const TURN_MODES: Record<string, TurnMode> = Object.fromEntries([none, side, combatant, elective].map((m) => [m.name, m]));
