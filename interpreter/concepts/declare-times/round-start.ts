import type { DeclareTime } from '../types.js';

/** Everyone declares for the whole round at its start, once initiative is known (as in rules where everyone says what they will do, then acts). */
export default {
  name: 'round-start',
  description:
    'Everyone declares what they will do for the whole round at its start, after initiative: an intention, checked when it is performed.',
  checksRequiresWhenDeclared: false,
  roundStart(eng) {
    eng.declare(
      eng.cmbs.filter((c) => !eng.endedTurn.has(c)),
      null,
    );
    // What the declarations changed (an initiative bonus declared for the round) is part of the round's start.
    for (const c of eng.cmbs) c.view.initiativeAtRoundStart = c.view.initiative;
  },
  phaseStart(eng, active, phase) {
    // A resumed turn declares, in this phase, what its holder has not declared yet.
    for (const c of active) if (eng.resuming.has(c)) eng.declareMissing(c, phase);
  },
} satisfies DeclareTime;
