/** When declarations are made (`round.declare.when`), one file each. A new time: one file and one line here. */
import type { DeclareTime } from '../types.js';
import roundStart from './round-start.js';
import phaseStart from './phase-start.js';

export const DECLARE_TIMES: Record<string, DeclareTime> = Object.fromEntries([roundStart, phaseStart].map((t) => [t.name, t]));
