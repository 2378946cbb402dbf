/** How the default policy picks a target (`policy[].target`), one file each. A new picker: one file and one line here. */
import type { TargetPicker } from '../types.js';
import self from './self.js';
import none from './none.js';
import nearestEnemy from './nearest-enemy.js';
import weakestEnemy from './weakest-enemy.js';
import firstEnemy from './first-enemy.js';
import weakestAlly from './weakest-ally.js';
import firstAllowedEnemy from './first-allowed-enemy.js';

export const TARGET_PICKERS: Record<string, TargetPicker> = Object.fromEntries(
  [self, none, nearestEnemy, weakestEnemy, firstEnemy, weakestAlly, firstAllowedEnemy].map((t) => [t.name, t]),
);
