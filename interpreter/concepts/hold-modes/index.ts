/** How a held turn resumes (`hold`'s `resume`), one file each. A new mode: one file and one line here. */
import type { HoldMode } from '../types.js';
import at from './at.js';
import beforeAct from './before-act.js';
import contested from './contested.js';
import roundEnd from './round-end.js';

export const HOLD_MODES: Record<string, HoldMode> = Object.fromEntries([at, beforeAct, roundEnd, contested].map((m) => [m.name, m]));
