import { num } from '../../compile/evaluator.js';
import type { TargetPicker } from '../types.js';
import { lowestEnemy } from './lowest.js';

export default {
  name: 'weakest-enemy',
  description: 'The enemy with the fewest hit points (hp) still standing (the first listed, among equals).',
  needsTarget: true,
  pick: (eng, c) => lowestEnemy(eng, c, (o) => num(o.view.hp)),
} satisfies TargetPicker;
