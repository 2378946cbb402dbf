import type { Engine } from '../../run/engine.js';
import { PlaceMemo } from '../../run/place-memo.js';
import type { Cmb } from '../../run/types.js';
import type { TargetPicker } from '../types.js';

/** The answers found at the current version of the battle line (run/place-memo.ts). */
const memo = new PlaceMemo<Cmb | null>(null);

function nearest(eng: Engine, c: Cmb, pos: number): Cmb | null {
  const line = eng.line();
  if (line) return line.nearestEnemy(c.side, pos);
  // lowestEnemy scored by eng.distance(c, o), written out: the picker's place read once, no
  // closure (the same distances, |c − o|, compared the same way).
  let best: Cmb | null = null;
  let bestScore = 0;
  for (const o of eng.cmbs) {
    if (o.side === c.side || o.out) continue;
    const s = Math.abs(pos - (o.view.position as number));
    if (best === null || s < bestScore) {
      best = o;
      bestScore = s;
    }
  }
  return best;
}

export default {
  name: 'nearest-enemy',
  description: 'The nearest enemy still standing (the first listed, among equally near).',
  needsTarget: true,
  pick(eng, c) {
    const pos = c.view.position as number;
    const kept = memo.get(eng, eng.lineVersion, c.side, pos);
    if (kept !== undefined) return kept;
    const found = nearest(eng, c, pos);
    memo.keep(c.side, pos, found);
    return found;
  },
} satisfies TargetPicker;
