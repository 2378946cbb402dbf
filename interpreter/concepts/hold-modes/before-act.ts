import { truthy } from '../../compile/evaluator.js';
import type { HoldSpec } from '../../compile/types.js';
import type { Engine } from '../../run/engine.js';
import type { Cmb, Frame } from '../../run/types.js';
import type { HoldMode } from '../types.js';

/** Whether the holder steps in before `next` acts: its labelled decision `…resume.<next>`, default from `when`. */
export function wantsToStepIn(eng: Engine, c: Cmb, next: Cmb, h: HoldSpec): boolean {
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
  return eng.decide(`r${eng.round}.${c.id}.resume.${next.id}`, ['now', 'wait'], fallback, c.id) === 'now';
}

/** With `takeOver`, the holder takes the interrupted one's initiative (as it is now, or without its temporary adjustments: `base`). */
export function takeOver(eng: Engine, c: Cmb, next: Cmb, h: HoldSpec): void {
  if (!h.takeOver) return;
  const now = next.view.initiative as number | null;
  // ahead: a count just above the interrupted one's, so the holder keeps the place it stepped into.
  const value =
    now === null ? now : h.takeOver === 'base' ? eng.withoutAdjustments(next, 'initiative') : h.takeOver === 'ahead' ? now + 0.5 : now;
  c.view.initiative = value;
  eng.emit('initiative', { who: c.id, scope: 'combatant', value, tookOver: next.id });
}

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
    if (!wantsToStepIn(eng, c, next, h)) return;
    takeOver(eng, c, next, h);
    eng.resume(c);
  },
} satisfies HoldMode;
