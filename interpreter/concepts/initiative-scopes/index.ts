/** Initiative scopes (`initiative.scope`), one file each. A new scope: one file and one line here. */
import type { InitiativeScope } from '../types.js';
import side from './side.js';
import combatant from './combatant.js';
import action from './action.js';

export const INITIATIVE_SCOPES: Record<string, InitiativeScope> = Object.fromEntries([side, combatant, action].map((s) => [s.name, s]));
