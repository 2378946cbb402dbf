import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';
import { moveReactorMask } from './move.js';
import { reactorBits } from './reactor-bits.js';

/** Damage sets reactions off once it is dealt (more than 0): the damaged one, or those around. */
export default {
  on: 'damage',
  description: 'Someone takes damage (more than 0).',
  timings: { after: 'once the damage is dealt (every timing of a damage trigger means this)' },
  fire(eng: Engine, target: Cmb, amount: number, stat: string, by: Cmb, seq: number): void {
    const list = eng.rs.triggersAt.damage?.any;
    if (!list || amount <= 0) return;
    const cmbs = eng.cmbs;
    for (const t of list) {
      if (t.reactors.isTarget) {
        if (!target.out) eng.react(t, target, by, seq, 0, { amount, by: by.id, target: target.id, stat });
        continue;
      }
      if (cmbs.length > moveReactorMask.bits) {
        const reactors = eng.reactorsFor(t, by).filter((r) => r !== target || t.reactors.includesDamaged);
        for (const r of reactors) if (!r.out) eng.react(t, r, target, seq, 0, { amount, by: by.id, target: target.id, stat });
        continue;
      }
      // reactorsFor's list as bits (reactor-bits.ts), the damaged one left out unless the trigger includes it.
      let who = reactorBits(cmbs, t, by);
      const skip = t.reactors.includesDamaged ? null : target;
      for (let i = 0; who !== 0; i++) {
        if ((who & (1 << i)) === 0) continue;
        who &= ~(1 << i);
        const r = cmbs[i]!;
        if (r !== skip && !r.out) eng.react(t, r, target, seq, 0, { amount, by: by.id, target: target.id, stat });
      }
    }
  },
} satisfies TriggerKind & { fire: unknown };
