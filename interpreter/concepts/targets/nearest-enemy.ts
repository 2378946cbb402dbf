import type { Engine } from '../../run/engine.js';
import type { Cmb } from '../../run/types.js';
import type { TargetPicker } from '../types.js';

/** At most this many answers are kept per version (looked up one by one). */
const MEMO_SIZE = 8;

/**
 * The answers already found at one version of the battle line of one engine: the nearest enemy
 * of a side from a place. The answer depends only on the side, the place, and every combatant's
 * place and standing, which do not change within a version (the engine bumps it at every move,
 * fall, arrival or departure: battle-line.ts). Most questions repeat one: a side's combatants
 * stand together and declare against one line.
 */
let memoEng: Engine | null = null;
let memoVersion = -1;
let memoN = 0;
const memoSides = new Array<string>(MEMO_SIZE).fill('');
const memoPlaces = new Float64Array(MEMO_SIZE);
const memoFound = new Array<Cmb | null>(MEMO_SIZE).fill(null);

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
    // (Places compare with ===: a NaN is never found, and 0 and -0 give every enemy the same distance.)
    if (memoEng !== eng || memoVersion !== eng.lineVersion) {
      memoEng = eng;
      memoVersion = eng.lineVersion;
      memoN = 0;
    } else {
      for (let i = 0; i < memoN; i++) if (memoPlaces[i] === pos && memoSides[i] === c.side) return memoFound[i]!;
    }
    const found = nearest(eng, c, pos);
    if (memoN < MEMO_SIZE && typeof pos === 'number') {
      memoSides[memoN] = c.side;
      memoPlaces[memoN] = pos;
      memoFound[memoN++] = found;
    }
    return found;
  },
} satisfies TargetPicker;
