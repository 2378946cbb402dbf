/** What sets reactions off (`triggers[].on`), one file each. A new kind: one file and one line here. */
import type { TriggerKind } from '../types.js';
import act from './act.js';
import move from './move.js';
import damage from './damage.js';

export const TRIGGER_KINDS: Record<string, TriggerKind> = Object.fromEntries([act, move, damage].map((k) => [k.on, k]));
export { default as actTriggers } from './act.js';
export { default as moveTriggers } from './move.js';
export { default as damageTriggers } from './damage.js';
export { REACTOR_KINDS } from './reactors.js';
