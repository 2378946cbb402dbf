import { truthy } from '../../compile/evaluator.js';
import type { Frame } from '../../run/types.js';
import type { HoldMode } from '../types.js';

/**
 * Hold the action and step in before someone else acts: before each act the holder is asked
 * (`…resume.<next>`, default from `when`); with `takeOver` it takes that one's initiative
 * (as it is at that moment, or without its temporary adjustments: `base`).
 */
export default {
  name: 'before-act',
  description: 'Hold the action: step in before any later act this round (a readied action, an interrupt).',
  replaysTurn: false,
  resumesAtRoundEnd: false,
  start(eng, f) {
    eng.emit('note', { combatant: f.actor.id, text: 'holds its action' });
  },
  beforeAct(eng, c, next, h) {
    const f: Frame = {
      actor: c,
      target: next,
      action: null,
      local: {},
      reaction: {},
      defer: null,
      prefix: `r${eng.round}.${c.id}`,
      depth: 0,
    };
    const data = { ...eng.frameData(f), next: next.view };
    const fallback = truthy(h.when(data)) ? 'now' : 'wait';
    const chosen = eng.decide(`r${eng.round}.${c.id}.resume.${next.id}`, ['now', 'wait'], fallback, c.id);
    if (chosen !== 'now') return;
    if (h.takeOver) {
      // The interrupted one's number as it is now, or without its temporary adjustments ("base").
      const now = next.view.initiative as number | null;
      const value = h.takeOver === 'base' && now !== null ? eng.withoutAdjustments(next, 'initiative') : now;
      c.view.initiative = value;
      eng.emit('initiative', { who: c.id, scope: 'combatant', value, tookOver: next.id });
    }
    eng.resume(c);
  },
} satisfies HoldMode;
