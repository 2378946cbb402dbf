import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';
import { compileStatChange } from './stat-change.js';

/** Damage to a stat (hp by default). In a simultaneous group it lands when the whole group has acted. */
export default {
  op: 'damage',
  description: 'Deal damage to the target (or self): the stat (hp) goes down; simultaneous acts land together.',
  compile: (e, cx) =>
    compileStatChange(e, cx, (f, eng, target, amount, stat) => {
      if (f.defer) f.defer.push({ target, amount, stat, by: f.actor });
      else eng.applyDamage(target, amount, stat, f.actor);
    }),
} satisfies EffectDef<Extract<Effect, { op: 'damage' }>>;
