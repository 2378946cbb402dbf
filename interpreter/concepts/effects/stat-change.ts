/**
 * What damage and heal share: a whole, non-negative amount dealt to the target or to the actor
 * itself, on a stat (hp by default). Each says how the amount lands.
 */
import { num } from '../../compile/evaluator.js';
import type { CEffect } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb, Frame } from '../../run/types.js';
import type { EffectCompiler } from '../types.js';
import type { Who } from '../../model/types.js';
import { compileSubject } from '../subjects/index.js';

export interface StatChange {
  to?: Who;
  amount: unknown;
  stat?: string;
}

/** Compile `e`: when it runs, `land` gets the combatant, the amount (0 or more) and the stat. */
export function compileStatChange(
  e: StatChange,
  cx: EffectCompiler,
  land: (f: Frame, eng: Engine, target: Cmb, amount: number, stat: string) => void,
): CEffect {
  const amount = cx.expr(e.amount, 'amount');
  const who = compileSubject(e.to, 'target', cx, 'to');
  const stat = e.stat ?? 'hp';
  // A literal amount (a strain's 1 hit point) reads no data: the act's data is not made for it.
  const readsData = typeof e.amount === 'object' && e.amount !== null;
  return (f, eng) => {
    eng.setPrefix(f);
    const n = Math.max(0, Math.floor(num(amount(readsData ? eng.frameData(f) : null!))));
    const target = who(f, eng);
    if (!target) return;
    land(f, eng, target, n, stat);
  };
}
