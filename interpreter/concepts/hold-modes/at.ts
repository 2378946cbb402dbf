import { num } from '../../compile/evaluator.js';
import type { HoldMode } from '../types.js';

/**
 * Delay to a later count: the holder picks whom to act after (`to`, a labelled decision
 * `…delay-after`, or `end`), takes a count just below theirs, and its turn is played again then.
 */
export default {
  name: 'at',
  description: 'Delay: act again later this round, just after a chosen combatant (or at the end of the order).',
  replaysTurn: true,
  resumesAtRoundEnd: false,
  start(eng, f, h) {
    const c = f.actor;
    const after = String(h.to(eng.frameData(f)) ?? 'end');
    const options = ['end', ...eng.cmbs.filter((o) => o !== c && !o.out && !eng.turnPlayed.has(o)).map((o) => o.id)];
    const chosen = eng.decide(`r${eng.round}.${c.id}.delay-after`, options, options.includes(after) ? after : 'end', c.id);
    const lowest = Math.min(...eng.cmbs.filter((o) => !o.out).map((o) => num(o.view.initiative)));
    const value = chosen === 'end' ? lowest - 1 : num(eng.byId.get(chosen)!.view.initiative) - 0.5;
    c.view.initiative = value;
    eng.emit('initiative', { who: c.id, scope: 'combatant', value, delayed: true });
  },
} satisfies HoldMode;
