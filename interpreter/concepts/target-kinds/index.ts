/** What an action is aimed at (`actions[].target`), one file each. A new kind: one file and one line here. */
import type { TargetKind } from '../types.js';
import enemy from './enemy.js';
import ally from './ally.js';
import self from './self.js';
import none from './none.js';

export const TARGET_KINDS: Record<string, TargetKind> = Object.fromEntries([enemy, ally, self, none].map((k) => [k.name, k]));
