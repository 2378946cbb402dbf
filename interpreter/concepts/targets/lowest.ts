import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';

/** The first enemy (listing order) with the lowest score. */
export function lowestEnemy(eng: Engine, c: Cmb, score: (o: Cmb) => number): Cmb | null {
  let best: Cmb | null = null;
  let bestScore = 0;
  for (const o of eng.cmbs) {
    if (o.side === c.side || o.out) continue;
    const s = score(o);
    if (best === null || s < bestScore) {
      best = o;
      bestScore = s;
    }
  }
  return best;
}
