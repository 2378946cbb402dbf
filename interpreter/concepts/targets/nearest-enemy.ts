import type { TargetPicker } from '../types.js';
import { lowestEnemy } from './lowest.js';

export default {
  name: 'nearest-enemy',
  description: 'The nearest enemy still standing (the first listed, among equally near).',
  needsTarget: true,
  pick(eng, c) {
    const line = eng.line();
    if (line) return line.nearestEnemy(c.side, c.view.position as number);
    return lowestEnemy(eng, c, (o) => eng.distance(c, o)!);
  },
} satisfies TargetPicker;
