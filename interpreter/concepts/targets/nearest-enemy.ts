import type { Cmb } from '../../run/types.js';
import type { TargetPicker } from '../types.js';

export default {
  name: 'nearest-enemy',
  description: 'The nearest enemy still standing (the first listed, among equally near).',
  needsTarget: true,
  pick(eng, c) {
    const line = eng.line();
    if (line) return line.nearestEnemy(c.side, c.view.position as number);
    // lowestEnemy scored by eng.distance(c, o), written out: the picker's place read once, no
    // closure (the same distances, |c − o|, compared the same way).
    const pos = c.view.position as number;
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
  },
} satisfies TargetPicker;
