import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TriggerKind } from '../types.js';

/** Damage sets reactions off once it is dealt (more than 0): the damaged one, or those around. */
export default {
  on: 'damage',
  description: 'Someone takes damage (more than 0).',
  timings: { after: 'once the damage is dealt (every timing of a damage trigger means this)' },
  fire(eng: Engine, target: Cmb, amount: number, stat: string, by: Cmb, seq: number): void {
    const list = eng.rs.triggersAt.damage?.any;
    if (!list || amount <= 0) return;
    for (const t of list) {
      const own = t.reactors.isTarget;
      const reactors = own ? [target] : eng.reactorsFor(t, by).filter((r) => r !== target || t.reactors.includesDamaged);
      for (const r of reactors) if (!r.out) eng.react(t, r, own ? by : target, seq, 0, { amount, by: by.id, target: target.id, stat });
    }
  },
} satisfies TriggerKind & { fire: unknown };
